import type { Redis } from "ioredis";
import type { RedisKeys } from "../../lib/redis-keys";
import type { AcceptedTick } from "../market-data/service";

/**
 * What one instance tells every instance (itself included) about real-time things (decision
 * 232): streamed prices and the stream's state (from the one instance that holds the exchange
 * connection), breaking-news items and live-coverage updates (from whichever instance took the
 * write). With REDIS_URL it is a Redis pub/sub channel under the deployment's prefix; without it,
 * a call in the same process.
 */
export type RealtimeMessage =
  | { kind: "ticks"; ticks: AcceptedTick[] }
  | { kind: "stream-state"; state: "live" | "delayed" }
  | { kind: "event"; name: "breaking" | "live-update"; id: string; data: unknown };

export type RealtimeListener = (message: RealtimeMessage) => void;

export interface RealtimeBus {
  publish(message: RealtimeMessage): void;
  subscribe(listener: RealtimeListener): () => void;
  close(): Promise<void>;
}

export interface BusLogger {
  warn(object: object, message: string): void;
}

export function createLocalBus(): RealtimeBus {
  const listeners = new Set<RealtimeListener>();
  return {
    publish(message) {
      // Asynchronous like Redis: a publisher never runs the listeners inside its own call.
      queueMicrotask(() => {
        for (const listener of listeners) listener(message);
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}

export async function createRedisBus(
  redis: Redis,
  keys: RedisKeys,
  log?: BusLogger,
): Promise<RealtimeBus> {
  const channel = keys.key("realtime");
  const listeners = new Set<RealtimeListener>();
  const subscriber = redis.duplicate();
  // Its errors are the main connection's too (logged once there); no unhandled-error traces.
  subscriber.on("error", () => {});
  await subscriber.subscribe(channel);
  subscriber.on("message", (_channel, raw: string) => {
    let message: RealtimeMessage;
    try {
      message = JSON.parse(raw) as RealtimeMessage;
    } catch {
      return;
    }
    for (const listener of listeners) listener(message);
  });
  return {
    publish(message) {
      redis.publish(channel, JSON.stringify(message)).catch((error: unknown) => {
        log?.warn({ err: error, kind: message.kind }, "could not publish a real-time message");
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await subscriber.quit().catch(() => {});
    },
  };
}

/** Event ids: publish time in ms and a counter, "1732672800000-3"; later ids compare greater. */
let lastIdMs = 0;
let idCounter = 0;
export function nextEventId(now = Date.now()): string {
  if (now <= lastIdMs) {
    idCounter += 1;
  } else {
    lastIdMs = now;
    idCounter = 0;
  }
  return `${lastIdMs}-${idCounter}`;
}

/** Whether event id `a` is after `b` (both from nextEventId; anything else is never after). */
export function isAfter(a: string, b: string): boolean {
  const pa = /^(\d{1,15})-(\d{1,9})$/.exec(a);
  const pb = /^(\d{1,15})-(\d{1,9})$/.exec(b);
  if (!pa || !pb) return false;
  const [ma, ca] = [Number(pa[1]), Number(pa[2])];
  const [mb, cb] = [Number(pb[1]), Number(pb[2])];
  return ma > mb || (ma === mb && ca > cb);
}

/** A breaking-news or live-coverage event for every instance's readers; returns its id. */
export function publishEvent(
  bus: RealtimeBus,
  name: "breaking" | "live-update",
  data: unknown,
): string {
  const id = nextEventId();
  bus.publish({ kind: "event", name, id, data });
  return id;
}
