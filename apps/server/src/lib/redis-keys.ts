/**
 * The one way to name a Redis key or channel: REDIS_KEY_PREFIX first, then the parts joined by
 * ":". Two deployments (or two test runs) that share one Redis therefore never take each other's
 * job locks, count into each other's rate limits or clear each other's page caches. Code that
 * talks to Redis gets a RedisKeys from app.ts and never writes a literal key.
 */
export interface RedisKeys {
  /** The deployment's prefix, e.g. "aw:". */
  readonly prefix: string;
  /** A key or channel name: key("job-lock", "market-data:poll") -> "aw:job-lock:market-data:poll". */
  key(...parts: string[]): string;
  /** The same keys under one more part: scope("counter").key("login:x") -> "aw:counter:login:x". */
  scope(...parts: string[]): RedisKeys;
}

export function redisKeys(prefix: string): RedisKeys {
  return {
    prefix,
    key: (...parts) => prefix + parts.join(":"),
    scope: (...parts) => redisKeys(`${prefix}${parts.join(":")}:`),
  };
}

/** The name every connection of the app gives itself (CLIENT SETNAME), shown by CLIENT LIST. */
export function redisConnectionName(keys: RedisKeys): string {
  // CLIENT SETNAME refuses spaces; the prefix has none (config.ts allows [\w:.-]).
  return `aurumwire:${keys.prefix}`;
}
