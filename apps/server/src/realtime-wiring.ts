import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import type { AppConfig } from "./config";
import type { RedisKeys } from "./lib/redis-keys";
import {
  createMarketStreamHolder,
  type MarketStreamHolder,
} from "./modules/market-data/stream-holder";
import {
  type BusLogger,
  createLocalBus,
  createRedisBus,
  type RealtimeBus,
} from "./modules/realtime/bus";
import { createStreamHub, type StreamHub } from "./modules/realtime/stream-hub";
import type { AppServices } from "./services";

export interface Realtime {
  hub: StreamHub;
  bus: RealtimeBus;
  /** Null without MARKET_STREAM_URL. Started with the jobs (tests start it themselves). */
  marketStream: MarketStreamHolder | null;
}

/**
 * One bus for every instance (decisions 230-232): Redis pub/sub with REDIS_URL, else a call in the
 * same process. Made before the services, which publish on it.
 */
export function openRealtimeBus(
  redis: Redis | null,
  keys: RedisKeys,
  log: BusLogger,
): Promise<RealtimeBus> | RealtimeBus {
  return redis ? createRedisBus(redis, keys, log) : createLocalBus();
}

/**
 * The readers' streams of this instance, the ticks applied to the market data, and the exchange
 * connection on whichever instance holds the lock. `close` ends what `wireRealtime` started,
 * the bus last.
 */
export function wireRealtime(deps: {
  bus: RealtimeBus;
  services: AppServices;
  config: AppConfig;
  redis: Redis | null;
  keys: RedisKeys;
  log: FastifyBaseLogger;
}): Realtime & { stopStreams(): Promise<void>; close(): Promise<void> } {
  const { bus, services, config } = deps;
  const hub = createStreamHub({
    bus,
    ticker: () => services.marketData.getTicker(),
    streaming: Boolean(config.marketStream.url),
    maxPerAddress: config.stream.maxPerAddress,
    maxConnections: config.stream.maxConnections,
    ...config.stream.tuning,
  });
  const stopApplyingTicks = bus.subscribe((message) => {
    if (message.kind === "ticks") services.marketData.applyTicks(message.ticks);
  });
  const marketStream = createMarketStreamHolder({
    config,
    redis: deps.redis,
    keys: deps.keys,
    bus,
    services,
    log: deps.log,
  });
  return {
    hub,
    bus,
    marketStream,
    /** Open streams would hold the server's close forever: they end first (preClose). */
    async stopStreams() {
      hub.close();
      await marketStream?.stop();
    },
    async close() {
      stopApplyingTicks();
      await bus.close();
    },
  };
}
