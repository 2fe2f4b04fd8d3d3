import type { Redis } from "ioredis";
import type { RedisHealth } from "./redis-connection";
import type { RedisKeys } from "./redis-keys";

/**
 * Fixed-window counters for rate limits and lock-outs. In memory for one instance; in Redis when
 * REDIS_URL is set, so every instance behind a load balancer shares them.
 */
export interface CounterStore {
  /** Count one more hit in the window; returns the new count and when the window resets. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  peek(key: string): Promise<{ count: number; resetAt: number } | null>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor() {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    const existing = this.entries.get(key);
    if (!existing || existing.resetAt <= now) {
      const fresh = { count: 1, resetAt: now + windowMs };
      this.entries.set(key, fresh);
      return { ...fresh };
    }
    existing.count += 1;
    return { ...existing };
  }

  async peek(key: string) {
    const existing = this.entries.get(key);
    if (!existing || existing.resetAt <= Date.now()) return null;
    return { ...existing };
  }

  async reset(key: string) {
    this.entries.delete(key);
  }

  async close() {
    clearInterval(this.sweeper);
  }

  private sweep() {
    const now = Date.now();
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
  }
}

/**
 * In Redis while it answers; while it is away (health says so, or a command fails), this
 * instance's memory counts instead, so a lost Redis neither stops nor holds requests (issue 33).
 */
export class RedisCounterStore implements CounterStore {
  private readonly local = new MemoryCounterStore();

  /** `keys`: where the counters live, the app's REDIS_KEY_PREFIX + "counter:". */
  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly health?: RedisHealth,
  ) {}

  private async either<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (this.health && !this.health.ready()) return local();
    try {
      return await shared();
    } catch {
      return local();
    }
  }

  hit(key: string, windowMs: number) {
    return this.either(
      () => this.sharedHit(key, windowMs),
      () => this.local.hit(key, windowMs),
    );
  }

  peek(key: string) {
    return this.either(
      () => this.sharedPeek(key),
      () => this.local.peek(key),
    );
  }

  reset(key: string) {
    return this.either(
      () => this.redis.del(this.keys.key(key)).then(() => {}),
      () => this.local.reset(key),
    );
  }

  private async sharedHit(key: string, windowMs: number) {
    const fullKey = this.keys.key(key);
    const result = await this.redis
      .multi()
      .incr(fullKey)
      .pexpire(fullKey, windowMs, "NX")
      .pttl(fullKey)
      .exec();
    const count = Number(result?.[0]?.[1] ?? 1);
    const ttl = Number(result?.[2]?.[1] ?? windowMs);
    return { count, resetAt: Date.now() + (ttl > 0 ? ttl : windowMs) };
  }

  private async sharedPeek(key: string) {
    const fullKey = this.keys.key(key);
    const [value, ttl] = await Promise.all([this.redis.get(fullKey), this.redis.pttl(fullKey)]);
    if (value === null || ttl <= 0) return null;
    return { count: Number(value), resetAt: Date.now() + ttl };
  }

  async close() {
    // the connection is owned and closed by whoever opened it
    await this.local.close();
  }
}
