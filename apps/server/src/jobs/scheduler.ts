import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { RedisKeys } from "../lib/redis-keys";

/**
 * Scheduled work (feeds, prices, later scheduled publishing and the partner queue). Jobs start only
 * when the server asks (main.ts), never in tests unless a test starts them, and stop on app close
 * after their current run has finished.
 *
 * With Redis, an exclusive job takes a lock that lasts almost one interval before it runs, so one
 * instance behind a load balancer does the work per interval and the others skip it.
 */
export interface ScheduledJob {
  name: string;
  intervalMs: number;
  /** Run on one instance only per interval (needs REDIS_URL to matter). */
  exclusive: boolean;
  run(signal: AbortSignal): Promise<void>;
}

export interface JobLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export type JobRunResult = "ran" | "skipped_locked" | "skipped_busy" | "failed";

export function createJobScheduler(options: {
  redis: Redis | null;
  log: JobLogger;
  /** Where the locks live (the app's: REDIS_KEY_PREFIX + "job-lock:"); tests give each pair their own. */
  lockKeys: RedisKeys;
}) {
  const { redis, log, lockKeys } = options;
  const instanceId = randomUUID();
  const jobs = new Map<string, ScheduledJob>();
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<JobRunResult>>();
  let controller = new AbortController();
  let started = false;

  async function acquireLock(job: ScheduledJob): Promise<boolean> {
    if (!job.exclusive || !redis) return true;
    // Held for most of an interval and never released early: whichever instance comes first in
    // this interval does the work, the others find the key and skip.
    const ttlMs = Math.max(1_000, Math.floor(job.intervalMs * 0.9));
    try {
      const answer = await redis.set(lockKeys.key(job.name), instanceId, "PX", ttlMs, "NX");
      return answer === "OK";
    } catch (error) {
      // Better to fetch twice than not at all while Redis is away.
      log.warn({ err: error, job: job.name }, "job lock unavailable; running without it");
      return true;
    }
  }

  async function runOnce(job: ScheduledJob): Promise<JobRunResult> {
    if (running.has(job.name)) return "skipped_busy";
    const attempt = (async (): Promise<JobRunResult> => {
      if (!(await acquireLock(job))) return "skipped_locked";
      try {
        await job.run(controller.signal);
        return "ran";
      } catch (error) {
        if (!controller.signal.aborted) log.error({ err: error, job: job.name }, "job failed");
        return "failed";
      }
    })();
    running.set(job.name, attempt);
    try {
      return await attempt;
    } finally {
      running.delete(job.name);
    }
  }

  function schedule(job: ScheduledJob, delayMs: number) {
    const timer = setTimeout(async () => {
      await runOnce(job);
      if (started) schedule(job, job.intervalMs);
    }, delayMs);
    // Timers alone must not keep a process (or a test worker) alive.
    timer.unref();
    timers.set(job.name, timer);
  }

  return {
    add(job: ScheduledJob) {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} is already registered`);
      jobs.set(job.name, job);
    },

    names: () => [...jobs.keys()],

    /** Start every job (or the named ones): each runs at once, then every interval. */
    start(names?: string[]) {
      if (!started) controller = new AbortController();
      started = true;
      for (const job of jobs.values()) {
        if (names && !names.includes(job.name)) continue;
        if (timers.has(job.name)) continue;
        schedule(job, 0);
      }
    },

    /** One run now, with the lock; what the tests and an admin "refresh" use. */
    runNow(name: string): Promise<JobRunResult> {
      const job = jobs.get(name);
      if (!job) throw new Error(`no job named ${name}`);
      return runOnce(job);
    },

    /**
     * Once the jobs have started, a run now rather than at the next turn (a mail was queued);
     * during a run, one more after it, so what was added meanwhile is not left for the interval.
     */
    kick(name: string) {
      const job = jobs.get(name);
      if (!started || !job) return;
      const current = running.get(name);
      if (current) void current.then(() => (started ? runOnce(job) : "skipped_busy"));
      else void runOnce(job);
    },

    /** Stop the timers, abort outbound calls and wait for runs in progress. */
    async stop() {
      started = false;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      controller.abort();
      await Promise.allSettled([...running.values()]);
    },

    instanceId,
  };
}

export type JobScheduler = ReturnType<typeof createJobScheduler>;
