import { intervals } from "@aurumwire/shared/limits";
import type { MarketDataService } from "../modules/market-data/service";
import type { ScheduledJob } from "./scheduler";

/** Polls the price provider every 300 s on one instance (spec 9: market data refresh). */
export function marketDataPollJob(marketData: MarketDataService): ScheduledJob {
  return {
    name: "market-data:poll",
    intervalMs: intervals.marketDataRefreshMs,
    exclusive: true,
    run: async (signal) => {
      await marketData.refresh(signal);
    },
  };
}

/**
 * On every instance: adopts the answer another instance (or the previous run of this server)
 * saved. One primary-key read a minute.
 */
export function marketDataSyncJob(marketData: MarketDataService): ScheduledJob {
  return {
    name: "market-data:sync",
    intervalMs: 60_000,
    exclusive: false,
    run: async () => {
      await marketData.syncFromStore();
    },
  };
}
