import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { RedisKeys } from "../redis-keys";
import type { PageCache } from "./store";

/**
 * With several instances behind a load balancer, one instance's invalidation must reach all:
 * it is published (with its tags) on a Redis channel under the deployment's key prefix, and every
 * other instance drops its local copies of the same tags.
 */
export async function shareInvalidationsThroughRedis(
  cache: PageCache,
  redis: Redis,
  keys: RedisKeys,
): Promise<() => Promise<void>> {
  const channel = keys.key("page-cache", "invalidate");
  const instanceId = randomUUID();
  const subscriber = redis.duplicate();
  // Its errors are the main connection's too (logged once there); no unhandled-error traces.
  subscriber.on("error", () => {});
  await subscriber.subscribe(channel);
  subscriber.on("message", (_channel, message: string) => {
    let parsed: { from?: unknown; tags?: unknown };
    try {
      parsed = JSON.parse(message);
    } catch {
      parsed = {};
    }
    if (parsed.from === instanceId) return;
    const tags =
      Array.isArray(parsed.tags) && parsed.tags.every((tag) => typeof tag === "string")
        ? (parsed.tags as string[])
        : undefined;
    // A message this instance cannot read drops everything: stale pages are worse than a refill.
    cache.invalidateLocal(tags);
  });
  cache.onInvalidate((tags) => {
    redis.publish(channel, JSON.stringify({ from: instanceId, tags })).catch(() => {
      // A lost message only means another instance serves stale pages until the TTL ends.
    });
  });
  return async () => {
    await subscriber.quit().catch(() => {});
  };
}
