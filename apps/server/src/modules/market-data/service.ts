import { intervals } from "@aurumwire/shared/limits";
import {
  analyticsCoinSymbols,
  colorForChange,
  type MarketAnalyticsCard,
  type MarketAnalyticsData,
  type MarketsTableData,
  marketsTableSymbols,
  sampleMarketAnalyticsData,
  sampleMarketsTableData,
  sampleTickerData,
  type TickerData,
  tickerCoins,
} from "@aurumwire/shared/market";
import { OutboundError } from "../../lib/outbound-http";
import type { CoinGeckoClient, ProviderCoin, ProviderGlobal } from "./coingecko-client";
import type { MarketDataRepository } from "./repository";

/**
 * Prices and market analytics. The provider is polled on a schedule (jobs/market-data-job.ts),
 * never per visitor; every answer comes from memory. The last good answer is kept (in memory and
 * in the database, for the other instances and the next start); without a provider, or until it
 * has answered once, the built-in sample data is served, marked `source: "sample"`.
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

export type RefreshOutcome = "not_configured" | "backing_off" | "live" | "failed";

const snapshotKey = "snapshot";
const stateKey = "provider-state";
/** Longest wait after repeated failures (429 with a longer Retry-After waits longer). */
const maxBackoffMs = 30 * 60_000;

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

  function adopt(next: MarketSnapshot) {
    snapshot = next;
    views = buildLiveViews(next);
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

  return {
    getTicker: (): TickerData => views.ticker,
    getMarketAnalytics: (): MarketAnalyticsData => views.analytics,
    getMarketsTable: (): MarketsTableData => views.table,

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
