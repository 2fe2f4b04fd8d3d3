import {
  type MarketHistoryData,
  type MarketHistoryPeriod,
  marketHistoryPeriodHours,
  marketHistoryRetentionDays,
  marketHistoryStepHours,
  type TrackedCoin,
  tickerCoins,
} from "@aurumwire/shared/market";
import { OutboundError } from "../../lib/outbound-http";
import type { CoinGeckoClient, ProviderMarketChart } from "./coingecko-client";
import {
  findCoin,
  hourMs,
  type MarketDataLogger,
  type MarketSnapshot,
  startOfHour,
} from "./market-views";
import type { HistoryPoint, MarketDataRepository } from "./repository";

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

const backfillKey = "history-backfill";
/**
 * Coins backfilled after one successful poll: two more calls every 5 minutes, so a new install
 * has the 12 coins' 90 days within half an hour, far below the free plan's 30 calls a minute.
 */
const backfillCoinsPerPoll = 2;
/** The longest period; CoinGecko answers hourly points for up to 90 days. */
const backfillDays = 90;
/** How long a history answer is reused (the routes let browsers keep it as long). */
const historyMemoMs = 60_000;
const historyMemoEntries = 64;

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

/**
 * The price history (decision 125): the hour's points of each poll and of the stream, retention,
 * the backfill of a few coins' 90 days from the provider after each poll, and the reads of it
 * (memoized briefly).
 */
export function createPriceHistory(deps: {
  repository: MarketDataRepository;
  client: CoinGeckoClient | null;
  log?: MarketDataLogger;
  /** The provider answered 429 to a backfill: the poll's backoff honours it. */
  onRateLimited(error: OutboundError): Promise<void>;
  /** Changes with each adopted poll: history answers are reused only within one. */
  snapshotVersion(): string;
}) {
  const { repository, client } = deps;
  // History answers by period and coins, reused for a minute or until this instance writes
  // points or adopts a newer poll.
  const historyMemo = new Map<
    string,
    { version: string; expires: number; value: Promise<MarketHistoryData> }
  >();
  let historyWrites = 0;
  const historyVersion = () => `${deps.snapshotVersion()}#${historyWrites}`;

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
          await deps.onRateLimited(error);
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
    recordPoll: recordHistory,

    /** Points made elsewhere (the stream's hour). */
    async recordPoints(points: HistoryPoint[]): Promise<void> {
      await repository.recordHourlyPoints(points);
      historyWrites += 1;
    },

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
  };
}
