import { intervals } from "@aurumwire/shared/limits";
import {
  type MarketAnalyticsData,
  type MarketHistoryPeriod,
  type MarketsTableData,
  type TickerData,
  tickerCoins,
} from "@aurumwire/shared/market";
import { OutboundError } from "../../lib/outbound-http";
import type { CoinGeckoClient } from "./coingecko-client";
import {
  type AcceptedTick,
  buildLiveViews,
  findCoin,
  type MarketDataLogger,
  type MarketSnapshot,
  sampleViews,
  startOfHour,
  type Views,
  withStreamed,
} from "./market-views";
import { createPriceHistory } from "./price-history";
import type { HistoryPoint, MarketDataRepository } from "./repository";

export type { AcceptedTick, MarketDataLogger, MarketSnapshot } from "./market-views";
export type { BackfillState } from "./price-history";

/**
 * Prices and market analytics. The provider is polled on a schedule (jobs/market-data-job.ts),
 * never per visitor; every answer comes from memory. The last good answer is kept (in memory and
 * in the database, for the other instances and the next start); without a provider, or until it
 * has answered once, the built-in sample data is served, marked `source: "sample"`.
 * Each good poll also records the hour's point of every coin in the price history and backfills a
 * few coins' last 90 days from the provider (decision 125); the history is read from the database
 * (memoized briefly). The sample data has no history.
 */

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
    views = buildLiveViews(withStreamed(next, streamed));
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

  const priceHistory = createPriceHistory({
    repository,
    client,
    log: deps.log,
    onRateLimited: async (error) => recordFailure(error, await readState()),
    snapshotVersion: () => snapshot?.fetchedAt ?? "",
  });

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
        views = buildLiveViews(withStreamed(snapshot, streamed));
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
      await priceHistory.recordPoints(points);
    },

    getTicker: (): TickerData => views.ticker,
    getMarketAnalytics: (): MarketAnalyticsData => views.analytics,
    getMarketsTable: (): MarketsTableData => views.table,

    /**
     * The tracked coins' price history over a period, downsampled to the period's step (decision
     * 125). Symbols we do not track are left out. Empty series while nothing is recorded.
     */
    history: (symbols: readonly string[], period: MarketHistoryPeriod) =>
      priceHistory.history(symbols, period),

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
      await priceHistory.recordPoll(next, signal);
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
