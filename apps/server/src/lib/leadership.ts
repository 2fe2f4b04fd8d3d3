import type { Redis } from "ioredis";

/**
 * One holder of a resource per deployment (decision 232): the exchange connection. With Redis,
 * every instance tries `SET key id PX ttl NX` every `renewMs`; the holder extends its own key
 * (only if it still holds it) on the same beat, and deletes it on a clean stop so another takes
 * over at its next try. A holder that dies lets the key expire: another instance takes over
 * within `ttlMs + renewMs`. A holder that cannot renew (Redis away, or the key taken) stops at
 * once. Without Redis the lone instance holds it.
 */
export interface LeadershipOptions {
  redis: Redis | null;
  key: string;
  instanceId: string;
  onGain(): void;
  onLose(): void;
  ttlMs?: number;
  renewMs?: number;
  log?: { warn(object: object, message: string): void };
}

// Extend only our own key (compare-and-set in one step).
const renewScript = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;
const releaseScript = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

export function createLeadership(options: LeadershipOptions) {
  const { redis, key, instanceId, onGain, onLose, log } = options;
  const ttlMs = options.ttlMs ?? 10_000;
  const renewMs = options.renewMs ?? Math.floor(ttlMs / 3);
  let leader = false;
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  let beating: Promise<void> | null = null;

  function become(next: boolean) {
    if (next === leader) return;
    leader = next;
    if (next) onGain();
    else onLose();
  }

  async function beat() {
    if (!redis) return become(true);
    try {
      if (leader) {
        const renewed = await redis.eval(renewScript, 1, key, instanceId, String(ttlMs));
        if (stopped) return;
        become(renewed === 1);
      } else {
        const taken = await redis.set(key, instanceId, "PX", ttlMs, "NX");
        if (stopped) return;
        become(taken === "OK");
      }
    } catch (error) {
      // Without Redis we cannot tell whether another instance holds it: let go.
      log?.warn({ err: error }, "leader lock unavailable; not holding the market stream");
      if (!stopped) become(false);
    }
  }

  function schedule() {
    timer = setTimeout(async () => {
      beating = beat();
      await beating;
      beating = null;
      if (!stopped) schedule();
    }, renewMs);
    timer.unref();
  }

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      beating = beat();
      await beating;
      beating = null;
      if (!stopped) schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await beating;
      const was = leader;
      become(false);
      if (was && redis) await redis.eval(releaseScript, 1, key, instanceId).catch(() => {});
    },
    isLeader: () => leader,
  };
}
