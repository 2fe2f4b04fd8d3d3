import { Redis } from "ioredis";

/** The Redis of the real-server tests: CI starts one on 127.0.0.1:6379 (TEST_REDIS_URL overrides). */
export const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Whether that Redis answers, for `describe.skipIf` on machines without one. */
export async function redisReachable(): Promise<boolean> {
  const probe = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
