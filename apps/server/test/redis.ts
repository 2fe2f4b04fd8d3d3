import { Redis } from "ioredis";

/** The Redis of the real-server tests: CI starts one on 127.0.0.1:6379 (TEST_REDIS_URL overrides). */
export const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/**
 * A client of that Redis once it has answered a PING; null when there is none, on a developer's
 * machine without Redis. In CI (CI=true) a missing Redis fails the run instead: the Redis suites
 * must not pass green by being skipped (issue 33). The connect limit catches a Redis that is not
 * there, not a slow machine.
 */
export async function connectTestRedis(): Promise<Redis | null> {
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 10_000,
    retryStrategy: () => null,
  });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.ping();
    return client;
  } catch (error) {
    client.disconnect();
    if (process.env.CI === "true" || process.env.CI === "1") {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(
        `CI needs the test Redis at ${redisUrl}, and it did not answer (${reason}). Start it (redis-server --port 6379) or set TEST_REDIS_URL.`,
      );
    }
    return null;
  }
}

/** Whether that Redis answers, for `describe.skipIf` on machines without one (never in CI). */
export async function redisReachable(): Promise<boolean> {
  const client = await connectTestRedis();
  client?.disconnect();
  return client !== null;
}
