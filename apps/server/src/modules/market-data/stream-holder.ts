import type { Redis } from "ioredis";
import type { AppConfig } from "../../config";
import { createLeadership } from "../../lib/leadership";
import type { RedisKeys } from "../../lib/redis-keys";
import type { RealtimeBus } from "../realtime/bus";
import type { MarketDataLogger, MarketDataService } from "./service";
import { createMarketStreamController } from "./stream-controller";

/**
 * One exchange connection per deployment (decision 232): the instance holding the Redis lock
 * `market-stream:leader` runs the stream controller; the others only apply the ticks it publishes.
 * The holder tells its state every few seconds, so an instance that starts later, or whose readers
 * would otherwise trust a holder that died, knows whether prices are live.
 */
export function createMarketStreamHolder(deps: {
  config: AppConfig;
  redis: Redis | null;
  keys: RedisKeys;
  bus: RealtimeBus;
  services: { marketData: MarketDataService };
  log?: MarketDataLogger;
}) {
  const { config, redis, keys, bus } = deps;
  const { url, kind, tuning } = config.marketStream;
  if (!url) return null;
  const controller = createMarketStreamController({
    url,
    kind,
    marketData: deps.services.marketData,
    bus,
    log: deps.log,
    stallMs: tuning?.stallMs,
    minBackoffMs: tuning?.minBackoffMs,
    gapFillMs: tuning?.gapFillMs,
    historyEveryMs: tuning?.historyEveryMs,
  });
  const ttlMs = tuning?.leaderTtlMs ?? 10_000;
  const stateEveryMs = Math.max(250, Math.floor(ttlMs / 3));
  let stateTimer: NodeJS.Timeout | null = null;
  const leadership = createLeadership({
    redis,
    key: keys.key("market-stream", "leader"),
    instanceId: crypto.randomUUID(),
    ttlMs,
    log: deps.log,
    onGain() {
      deps.log?.info({}, "this instance holds the market stream");
      controller.start();
      stateTimer = setInterval(() => {
        bus.publish({ kind: "stream-state", state: controller.isLive() ? "live" : "delayed" });
      }, stateEveryMs);
      stateTimer.unref();
    },
    onLose() {
      if (stateTimer) clearInterval(stateTimer);
      stateTimer = null;
      void controller.stop();
      bus.publish({ kind: "stream-state", state: "delayed" });
    },
  });
  return {
    start: () => leadership.start(),
    async stop() {
      await leadership.stop();
      await controller.stop();
    },
    isLeader: () => leadership.isLeader(),
    isLive: () => controller.isLive(),
  };
}

export type MarketStreamHolder = NonNullable<ReturnType<typeof createMarketStreamHolder>>;
