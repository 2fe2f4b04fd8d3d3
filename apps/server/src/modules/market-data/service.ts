import { intervals } from "@aurumwire/shared/limits";
import {
  analyticsCoinSymbols,
  colorForChange,
  type MarketAnalyticsCard,
  type MarketAnalyticsData,
  type MarketHistoryData,
  type MarketHistoryPeriod,
  type MarketsTableData,
  marketHistoryPeriodHours,
  marketHistoryRetentionDays,
  marketHistoryStepHours,
  marketsTableSymbols,
  sampleMarketAnalyticsData,
  sampleMarketsTableData,
  sampleTickerData,
  type TickerData,
  type TrackedCoin,
  tickerCoins,
} from "@aurumwire/shared/market";
import { OutboundError } from "../../lib/outbound-http";
import type {
  CoinGeckoClient,
  ProviderCoin,
  ProviderGlobal,
  ProviderMarketChart,
} from "./coingecko-client";
import type { HistoryPoint, MarketDataRepository } from "./repository";

/**
 * Prices and market analytics. The provider is polled on a schedule (jobs/market-data-job.ts),
 * never per visitor; every answer comes from memory. The last good answer is kept (in memory and
 * in the database, for the other instances and the next start); without a provider, or until it
 * has answered once, the built-in sample data is served, marked `source: "sample"`.
 * Each good poll also records the hour's point of every coin in the price history and backfills a
 * few coins' last 90 days from the provider (decision 125); the history is read from the database
 * (memoized briefly). The sample data has no history.
 */

/** The provider's last good answer. */
export interface MarketSnapshot {
  coins: ProviderCoin[];
  global: ProviderGlobal | null;
  fetchedAt: string;
}

/** Backoff state, shared through the database so whichever instance polls next honours it. */
export interface ProviderState {
  failures: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
}

/** Which coins' history was backfilled from the provider's market chart, and the last tries. */
export interface BackfillState {
  coins: Record<
    string,
    {
      doneAt: string | null;
      points: number;
      lastAttemptAt: string | null;
      lastError: string | null;
    }
  >;
}

export type RefreshOutcome = "not_configured" | "backing_off" | "live" | "failed";

const snapshotKey = "snapshot";
const stateKey = "provider-state";
const backfillKey = "history-backfill";
/** Longest wait after repeated failures (429 with a longer Retry-After waits longer). */
const maxBackoffMs = 30 * 60_000;
/**
 * Coins backfilled after one successful poll: two more calls every 5 minutes, so a new install
 * has the 12 coins' 90 days within half an hour, far below the free plan's 30 calls a minute.
 */
const backfillCoinsPerPoll = 2;
/** The longest period; CoinGecko answers hourly points for up to 90 days. */
const backfillDays = 90;
const hourMs = 3_600_000;
/** How long a history answer is reused (the routes let browsers keep it as long). */
const historyMemoMs = 60_000;
const historyMemoEntries = 64;

const startOfHour = (at: number) => new Date(Math.floor(at / hourMs) * hourMs);

/**
 * A market chart as hourly points: the last point of each UTC hour, with the market cap and
 * volume given for the same moment (null where the provider gave none).
 */
export function chartToHourlyPoints(symbol: string, chart: ProviderMarketChart): HistoryPoint[] {
  const capAt = new Map(chart.marketCaps.map((point) => [point.at, point.value]));
  const volumeAt = new Map(chart.volumes.map((point) => [point.at, point.value]));
  const byHour = new Map<number, { at: number; point: HistoryPoint }>();
  for (const { at, value } of chart.prices) {
    const hour = startOfHour(at);
    const known = byHour.get(hour.getTime());
    if (known && known.at >= at) continue;
    byHour.set(hour.getTime(), {
      at,
      point: {
        symbol,
        hour,
        price: value,
        marketCap: capAt.get(at) ?? null,
        volume: volumeAt.get(at) ?? null,
      },
    });
  }
  return [...byHour.values()]
    .map((entry) => entry.point)
    .sort((a, b) => a.hour.getTime() - b.hour.getTime());
}

interface Views {
  ticker: TickerData;
  analytics: MarketAnalyticsData;
  table: MarketsTableData;
}

function changeOverSeries(series: number[]): number | null {
  if (series.length < 2 || series[0] === 0) return null;
  return ((series[series.length - 1] - series[0]) / series[0]) * 100;
}

/**
 * The shape of the market over the day, from the tracked coins' own sparklines weighted by their
 * supply (market cap / price). They hold most of the market, and `/global` has no history.
 */
function marketCapTrend(coins: ProviderCoin[]): number[] {
  const usable = coins.filter(
    (coin) => coin.price && coin.marketCap && coin.sparkline.length === coins[0]?.sparkline.length,
  );
  const length = usable[0]?.sparkline.length ?? 0;
  const trend: number[] = [];
  for (let index = 0; index < length; index += 1) {
    let total = 0;
    for (const coin of usable) total += (coin.marketCap! / coin.price!) * coin.sparkline[index];
    trend.push(Math.round(total));
  }
  return trend;
}

function findCoin(coins: ProviderCoin[], symbol: string): ProviderCoin | undefined {
  const tracked = tickerCoins.find((coin) => coin.symbol === symbol);
  return (
    coins.find((coin) => coin.id === tracked?.id) ?? coins.find((coin) => coin.symbol === symbol)
  );
}

export function buildLiveViews(snapshot: MarketSnapshot): Views {
  const { coins, global, fetchedAt } = snapshot;
  const provenance = { source: "live" as const, updatedAt: fetchedAt };

  const tickerList = tickerCoins.flatMap((tracked) => {
    const coin = findCoin(coins, tracked.symbol);
    if (!coin || coin.price === null) return [];
    return [
      {
        symbol: tracked.symbol,
        name: tracked.name,
        price: coin.price,
        change24h: coin.change24h ?? changeOverSeries(coin.sparkline),
      },
    ];
  });

  const cards: MarketAnalyticsCard[] = [];
  if (global) {
    const change = global.marketCapChange24h ?? 0;
    cards.push({
      title: "Total Market Cap",
      value: global.totalMarketCapUsd,
      change,
      color: colorForChange(change),
      chartType: "bar",
      sparkline: marketCapTrend(coins),
    });
  }
  for (const symbol of analyticsCoinSymbols) {
    const coin = findCoin(coins, symbol);
    if (!coin || coin.price === null) continue;
    const tracked = tickerCoins.find((candidate) => candidate.symbol === symbol)!;
    const change = coin.change24h ?? changeOverSeries(coin.sparkline) ?? 0;
    cards.push({
      title: `${tracked.name} (${tracked.symbol})`,
      value: coin.price,
      change,
      color: colorForChange(change),
      chartType: "line",
      sparkline: coin.sparkline,
    });
  }

  const assets = marketsTableSymbols.map((symbol) => {
    const tracked = tickerCoins.find((candidate) => candidate.symbol === symbol)!;
    const coin = findCoin(coins, symbol);
    return {
      symbol,
      name: tracked.name,
      price: coin?.price ?? null,
      change: coin?.change24h ?? null,
      marketCap: coin?.marketCap ?? null,
      volume: coin?.volume ?? null,
    };
  });

  return {
    ticker: { coins: tickerList, ...provenance },
    analytics: { marketAnalytics: cards, ...provenance },
    table: { assets, ...provenance },
  };
}

function sampleViews(): Views {
  return {
    ticker: sampleTickerData(),
    analytics: sampleMarketAnalyticsData(),
    table: sampleMarketsTableData(),
  };
}

/** A price from the exchange stream that passed the checks (stream-controller.ts). */
export interface AcceptedTick {
  symbol: string;
  price: number;
  change24h: number | null;
  /** When the exchange reported it (ISO). */
  at: string;
}

export interface MarketDataLogger {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

export function createMarketDataService(deps: {
  repository: MarketDataRepository;
  /** Null when MARKET_DATA_URL is unset. */
  client: CoinGeckoClient | null;
  log?: MarketDataLogger;
  intervalMs?: number;
}) {
  const { repository, client } = deps;
  const intervalMs = deps.intervalMs ?? intervals.marketDataRefreshMs;
  let snapshot: MarketSnapshot | null = null;
  let views: Views = sampleViews();
  /** The stream's latest price per coin (decision 230); survives a REST poll until it is older. */
  const streamed = new Map<string, AcceptedTick>();
  let rebuildPending = false;

  function adopt(next: MarketSnapshot) {
    snapshot = next;
    // A streamed price newer than the poll stays; older ones give way to the poll.
    const polledAt = Date.parse(next.fetchedAt);
    for (const [symbol, tick] of streamed) {
      if (Date.parse(tick.at) <= polledAt) streamed.delete(symbol);
    }
    views = buildLiveViews(withStreamed(next));
  }

  /** The snapshot with the stream's newer prices laid over it (a snapshot of its own without one). */
  function withStreamed(base: MarketSnapshot | null): MarketSnapshot {
    const coins = [...(base?.coins ?? [])];
    let newest = base ? Date.parse(base.fetchedAt) : 0;
    for (const tick of streamed.values()) {
      const tracked = tickerCoins.find((coin) => coin.symbol === tick.symbol);
      if (!tracked) continue;
      newest = Math.max(newest, Date.parse(tick.at));
      const index = coins.findIndex((coin) => coin.id === tracked.id);
      const known = index === -1 ? null : coins[index]!;
      const coin: ProviderCoin = {
        id: tracked.id,
        symbol: tracked.symbol.toLowerCase(),
        name: tracked.name,
        marketCap: known?.marketCap ?? null,
        volume: known?.volume ?? null,
        sparkline: known?.sparkline ?? [],
        ...known,
        price: tick.price,
        change24h: tick.change24h ?? known?.change24h ?? null,
      };
      if (index === -1) coins.push(coin);
      else coins[index] = coin;
    }
    return {
      coins,
      global: base?.global ?? null,
      fetchedAt: new Date(newest || Date.now()).toISOString(),
    };
  }

  async function readState(): Promise<ProviderState> {
    const row = await repository.read<ProviderState>(stateKey);
    return row?.payload ?? { failures: 0, nextAttemptAt: null, lastError: null, lastErrorAt: null };
  }

  async function recordFailure(error: unknown, previous: ProviderState): Promise<void> {
    const failures = previous.failures + 1;
    const now = Date.now();
    let waitMs: number;
    if (error instanceof OutboundError && error.kind === "rate_limited") {
      // The provider said how long to wait: honour it. Without a Retry-After, back off doubling.
      waitMs = error.retryAfterMs ?? Math.min(intervalMs * 2 ** (failures - 1), maxBackoffMs);
    } else {
      // The first failure just waits for the next regular poll; repeated ones space out.
      waitMs = Math.min(intervalMs * (2 ** (failures - 1) - 1), maxBackoffMs);
    }
    const message = error instanceof Error ? error.message : String(error);
    const state: ProviderState = {
      failures,
      nextAttemptAt: waitMs > 0 ? new Date(now + waitMs).toISOString() : null,
      lastError: message,
      lastErrorAt: new Date(now).toISOString(),
    };
    await repository.write(stateKey, state);
    deps.log?.warn(
      { failures, nextAttemptAt: state.nextAttemptAt, error: message },
      snapshot
        ? "market data provider failed; serving the last good answer"
        : "market data provider failed; serving sample data",
    );
  }

  // History answers by period and coins, reused for a minute or until this instance writes
  // points or adopts a newer poll.
  const historyMemo = new Map<
    string,
    { version: string; expires: number; value: Promise<MarketHistoryData> }
  >();
  let historyWrites = 0;
  const historyVersion = () => `${snapshot?.fetchedAt ?? ""}#${historyWrites}`;

  async function readBackfillState(): Promise<BackfillState> {
    const row = await repository.read<BackfillState>(backfillKey);
    return { coins: { ...row?.payload.coins } };
  }

  /**
   * Backfills the history of a few coins that have none yet from the provider's market chart,
   * the longest untried first (a coin that keeps failing does not hold up the others). Each
   * coin's points and its record are written in one transaction. A 429 is recorded as the
   * provider's backoff, which the next poll honours; other failures are retried next round.
   */
  async function backfillSome(signal?: AbortSignal): Promise<void> {
    if (!client) return;
    const state = await readBackfillState();
    const due = tickerCoins
      .filter((coin) => !state.coins[coin.symbol]?.doneAt)
      .sort(
        (a, b) =>
          Date.parse(state.coins[a.symbol]?.lastAttemptAt ?? "1970-01-01") -
          Date.parse(state.coins[b.symbol]?.lastAttemptAt ?? "1970-01-01"),
      )
      .slice(0, backfillCoinsPerPoll);
    for (const coin of due) {
      if (signal?.aborted) return;
      const attemptedAt = new Date().toISOString();
      try {
        const chart = await client.fetchMarketChart(coin.id, backfillDays, signal);
        const points = chartToHourlyPoints(coin.symbol, chart);
        state.coins[coin.symbol] = {
          doneAt: attemptedAt,
          points: points.length,
          lastAttemptAt: attemptedAt,
          lastError: null,
        };
        await repository.writeBackfill(points, { key: backfillKey, payload: state });
        historyWrites += 1;
        deps.log?.info(
          { coin: coin.symbol, points: points.length },
          "price history backfilled from the provider",
        );
      } catch (error) {
        if (signal?.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        state.coins[coin.symbol] = {
          doneAt: null,
          points: 0,
          lastAttemptAt: attemptedAt,
          lastError: message,
        };
        await repository.write(backfillKey, state);
        if (error instanceof OutboundError && error.kind === "rate_limited") {
          await recordFailure(error, await readState());
          return;
        }
        deps.log?.warn(
          { coin: coin.symbol, error: message },
          "price history backfill failed; retried after the next polls",
        );
      }
    }
  }

  /**
   * After a successful poll: this hour's point of every coin it priced, retention, then a few
   * coins' backfill. Failures here are logged: the prices themselves are already served.
   */
  async function recordHistory(polled: MarketSnapshot, signal?: AbortSignal): Promise<void> {
    try {
      const hour = startOfHour(Date.parse(polled.fetchedAt));
      const points = tickerCoins.flatMap((tracked: TrackedCoin): HistoryPoint[] => {
        const coin = findCoin(polled.coins, tracked.symbol);
        if (!coin || coin.price === null) return [];
        return [
          {
            symbol: tracked.symbol,
            hour,
            price: coin.price,
            marketCap: coin.marketCap,
            volume: coin.volume,
          },
        ];
      });
      await repository.recordHourlyPoints(points);
      // One indexed range a poll, usually empty or one hour of points: cheaper than a job of its own.
      await repository.deleteHistoryBefore(
        new Date(hour.getTime() - marketHistoryRetentionDays * 24 * hourMs),
      );
      historyWrites += 1;
      await backfillSome(signal);
    } catch (error) {
      deps.log?.warn({ error: String(error) }, "could not record the price history this round");
    }
  }

  async function loadHistory(
    symbols: string[],
    period: MarketHistoryPeriod,
  ): Promise<MarketHistoryData> {
    // In the tracked coins' order (market cap), whatever the order asked.
    const coins = tickerCoins.filter((coin) => symbols.includes(coin.symbol));
    const stepHours = marketHistoryStepHours[period];
    const since = new Date(
      startOfHour(Date.now()).getTime() - marketHistoryPeriodHours[period] * hourMs,
    );
    const rows = await repository.readHistory(
      coins.map((coin) => coin.symbol),
      since,
      stepHours,
    );
    let newest = 0;
    const series = coins.map((coin) => ({
      symbol: coin.symbol,
      name: coin.name,
      points: rows
        .filter((row) => row.symbol === coin.symbol)
        .map((row) => {
          newest = Math.max(newest, row.hour.getTime());
          return {
            t: row.hour.toISOString(),
            price: row.price,
            marketCap: row.marketCap,
            volume: row.volume,
          };
        }),
    }));
    return {
      period,
      stepHours,
      series,
      updatedAt: newest ? new Date(newest).toISOString() : null,
    };
  }

  return {
    /**
     * Prices from the exchange stream (every instance applies the same ticks, decision 230). The
     * views are rebuilt once per event-loop turn however many ticks arrive in it.
     */
    applyTicks(ticks: readonly AcceptedTick[]): void {
      for (const tick of ticks) {
        const known = streamed.get(tick.symbol);
        if (known && Date.parse(known.at) > Date.parse(tick.at)) continue;
        streamed.set(tick.symbol, tick);
      }
      if (rebuildPending) return;
      rebuildPending = true;
      queueMicrotask(() => {
        rebuildPending = false;
        views = buildLiveViews(withStreamed(snapshot));
      });
    },

    /** The latest price of a coin as served now (stream or poll), or null. */
    currentPrice(symbol: string): number | null {
      const tick = streamed.get(symbol);
      if (tick) return tick.price;
      if (!snapshot) return null;
      return findCoin(snapshot.coins, symbol)?.price ?? null;
    },

    /**
     * One coin's price straight from the price API, to check a suspicious streamed price
     * against (decision 230). Null without a provider or when it has none for the coin.
     */
    async restPrice(symbol: string, signal?: AbortSignal): Promise<number | null> {
      if (!client) return null;
      const tracked = tickerCoins.find((coin) => coin.symbol === symbol);
      if (!tracked) return null;
      const coins = await client.fetchMarkets([tracked.id], signal);
      return findCoin(coins, symbol)?.price ?? null;
    },

    /**
     * The streamed prices' hour points (the leader writes them, at most once a minute): the
     * price history keeps filling while the poll is far apart (decision 125).
     */
    async recordStreamedHour(): Promise<void> {
      if (streamed.size === 0) return;
      const points: HistoryPoint[] = [];
      for (const tick of streamed.values()) {
        const known = snapshot ? findCoin(snapshot.coins, tick.symbol) : undefined;
        points.push({
          symbol: tick.symbol,
          hour: startOfHour(Date.parse(tick.at)),
          price: tick.price,
          marketCap: known?.marketCap ?? null,
          volume: known?.volume ?? null,
        });
      }
      await repository.recordHourlyPoints(points);
      historyWrites += 1;
    },

    getTicker: (): TickerData => views.ticker,
    getMarketAnalytics: (): MarketAnalyticsData => views.analytics,
    getMarketsTable: (): MarketsTableData => views.table,

    /**
     * The tracked coins' price history over a period, downsampled to the period's step (decision
     * 125). Symbols we do not track are left out. Empty series while nothing is recorded: without
     * a provider there is no history, and none is made up.
     */
    history(symbols: readonly string[], period: MarketHistoryPeriod): Promise<MarketHistoryData> {
      const wanted = [...new Set(symbols.map((symbol) => symbol.toUpperCase()))].sort();
      const key = `${period}:${wanted.join(",")}`;
      const version = historyVersion();
      const now = Date.now();
      const known = historyMemo.get(key);
      if (known && known.version === version && known.expires > now) return known.value;
      const value = loadHistory(wanted, period);
      historyMemo.delete(key);
      if (historyMemo.size >= historyMemoEntries) {
        historyMemo.delete(historyMemo.keys().next().value as string);
      }
      const entry = { version, expires: now + historyMemoMs, value };
      historyMemo.set(key, entry);
      value.catch(() => {
        if (historyMemo.get(key) === entry) historyMemo.delete(key);
      });
      return value;
    },

    /** Where the numbers come from and how the provider is doing (for logs and health). */
    async status() {
      const state = await readState();
      return {
        configured: client !== null,
        source: views.ticker.source,
        updatedAt: snapshot?.fetchedAt ?? null,
        ...state,
      };
    },

    /**
     * One poll of the provider, unless none is configured or it asked us to wait. On success the
     * new answer is served at once and saved for the other instances; on failure the last good
     * answer (or the sample) stays.
     */
    async refresh(signal?: AbortSignal): Promise<RefreshOutcome> {
      if (!client) return "not_configured";
      const state = await readState();
      if (state.nextAttemptAt && Date.parse(state.nextAttemptAt) > Date.now()) {
        return "backing_off";
      }
      const ids = tickerCoins.map((coin) => coin.id);
      const [markets, global] = await Promise.allSettled([
        client.fetchMarkets(ids, signal),
        client.fetchGlobal(signal),
      ]);
      if (signal?.aborted) return "failed";
      const rateLimited = [markets, global].find(
        (result): result is PromiseRejectedResult =>
          result.status === "rejected" &&
          result.reason instanceof OutboundError &&
          result.reason.kind === "rate_limited",
      );
      if (markets.status === "rejected" || rateLimited) {
        await recordFailure(
          rateLimited?.reason ?? (markets as PromiseRejectedResult).reason,
          state,
        );
        return "failed";
      }
      if (global.status === "rejected") {
        // Prices are what readers came for: keep them fresh and the last market totals.
        deps.log?.warn({ error: String(global.reason) }, "market totals unavailable this round");
      }
      const next: MarketSnapshot = {
        coins: markets.value,
        global: global.status === "fulfilled" ? global.value : (snapshot?.global ?? null),
        fetchedAt: new Date().toISOString(),
      };
      adopt(next);
      await repository.write(snapshotKey, next);
      if (state.failures > 0 || state.nextAttemptAt) {
        await repository.write(stateKey, {
          failures: 0,
          nextAttemptAt: null,
          lastError: null,
          lastErrorAt: null,
        } satisfies ProviderState);
        deps.log?.info({}, "market data provider is answering again");
      }
      await recordHistory(next, signal);
      return "live";
    },

    /**
     * Adopts a newer answer saved by another instance (or before a restart). Cheap: one row by
     * primary key, run on every instance on a short schedule.
     */
    async syncFromStore(): Promise<boolean> {
      if (!client) return false;
      const row = await repository.read<MarketSnapshot>(snapshotKey);
      if (!row) return false;
      if (snapshot && Date.parse(snapshot.fetchedAt) >= Date.parse(row.payload.fetchedAt)) {
        return false;
      }
      adopt(row.payload);
      return true;
    },
  };
}

export type MarketDataService = ReturnType<typeof createMarketDataService>;
