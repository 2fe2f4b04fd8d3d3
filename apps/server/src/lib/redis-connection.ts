import type { Redis } from "ioredis";

/**
 * The app's Redis connection (issue 33, decision 221): a start-up that says in one sentence what
 * is wrong with the Redis server (refused, silent, wrong password) instead of hanging or printing
 * ioredis's stack traces; while running, a lost Redis is logged once, shown in /api/health, and
 * the counters fall back to this instance's memory until it is back (ioredis reconnects).
 */
export interface RedisHealth {
  /** "up" while the connection is ready; "down" since `since`, with the last reason. */
  state(): { status: "up" } | { status: "down"; since: string; reason: string };
  /** Whether commands can be sent now (ready), so callers can fall back instead of waiting. */
  ready(): boolean;
}

export interface RedisLogger {
  info(message: string): void;
  warn(message: string): void;
}

/** Where the server is, without a password (for messages). */
export function describeRedis(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || "6379"}`;
  } catch {
    return "REDIS_URL";
  }
}

export async function openRedis(options: {
  url: string;
  connectionName: string;
  log: RedisLogger;
  /** Connect and command time-out (tests shorten it). */
  timeoutMs?: number;
}): Promise<{ redis: Redis; health: RedisHealth }> {
  const { url, log } = options;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const where = describeRedis(url);
  const { Redis: RedisClient } = await import("ioredis");
  let starting = true;
  let down: { since: string; reason: string } | null = null;
  let lastError: Error | null = null;
  const redis = new RedisClient(url, {
    lazyConnect: true,
    connectionName: options.connectionName,
    connectTimeout: timeoutMs,
    // A command that gets no answer fails after this, instead of holding a request forever.
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 2,
    // At start one failure is the answer; afterwards ioredis keeps reconnecting, slower and slower.
    retryStrategy: (times) => (starting ? null : Math.min(times * 500, 5_000)),
  });
  const reasonOf = (error: Error | null) => error?.message ?? "connection closed";
  // One listener for every error, so ioredis prints no "Unhandled error event" stack traces.
  redis.on("error", (error: Error) => {
    lastError = error;
  });
  redis.on("close", () => {
    if (starting || down) return;
    down = { since: new Date().toISOString(), reason: reasonOf(lastError) };
    log.warn(
      `Redis at ${where} is unreachable (${down.reason}): rate limits and lock-outs now count on this instance only, and other instances do not hear of page changes, until it is back. Reconnecting.`,
    );
  });
  redis.on("ready", () => {
    if (starting || !down) return;
    log.info(`Redis at ${where} is back: counters and page invalidations are shared again.`);
    down = null;
    lastError = null;
  });

  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), timeoutMs);
  });
  try {
    await Promise.race([redis.connect().then(() => redis.ping()), silence]);
  } catch (error) {
    redis.disconnect();
    const cause = lastError ?? (error instanceof Error ? error : new Error(String(error)));
    const message = cause.message;
    const what =
      (error instanceof Error && error.message === "timeout") || /timeout|timed out/i.test(message)
        ? `did not answer within ${Math.round(timeoutMs / 1000)} s`
        : /ECONNREFUSED/.test(message)
          ? "refused the connection"
          : /NOAUTH|WRONGPASS|invalid password|AUTH/i.test(message)
            ? `refused our credentials (${message})`
            : `could not be reached (${message})`;
    throw new Error(
      `Cannot start: the Redis server at ${where} ${what}. Check that it is running and answering, and REDIS_URL (or unset REDIS_URL to run a single instance without Redis).`,
      { cause },
    );
  } finally {
    clearTimeout(timer);
  }
  starting = false;
  return {
    redis,
    health: {
      state: () => (down ? { status: "down", ...down } : { status: "up" }),
      ready: () => redis.status === "ready",
    },
  };
}
