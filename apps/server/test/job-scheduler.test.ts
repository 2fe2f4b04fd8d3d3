import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createJobScheduler, type ScheduledJob } from "../src/jobs/scheduler";
import { redisKeys } from "../src/lib/redis-keys";
import { buildTestApp } from "./helpers";
import { connectTestRedis, redisUrl } from "./redis";

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

function countingJob(name: string, exclusive: boolean) {
  const job = {
    name,
    intervalMs: 300_000,
    exclusive,
    runs: 0,
    run: async () => {
      job.runs += 1;
    },
  };
  return job;
}

describe("job scheduler on one instance", () => {
  it("runs a job once per call and reports a run in progress as busy", async () => {
    const scheduler = createJobScheduler({
      redis: null,
      log: quietLog,
      lockKeys: redisKeys("aw-test:"),
    });
    let release!: () => void;
    const job: ScheduledJob = {
      name: "slow",
      intervalMs: 60_000,
      exclusive: true,
      run: () => new Promise<void>((resolve) => (release = resolve)),
    };
    scheduler.add(job);
    const first = scheduler.runNow("slow");
    expect(await scheduler.runNow("slow")).toBe("skipped_busy");
    release();
    expect(await first).toBe("ran");
  });

  it("stops: aborts the run in progress, waits for it, and does not run again", async () => {
    const scheduler = createJobScheduler({
      redis: null,
      log: quietLog,
      lockKeys: redisKeys("aw-test:"),
    });
    let started = 0;
    let sawAbort = false;
    scheduler.add({
      name: "fetcher",
      intervalMs: 50,
      exclusive: false,
      run: (signal) =>
        new Promise<void>((resolve) => {
          started += 1;
          signal.addEventListener("abort", () => {
            sawAbort = true;
            resolve();
          });
        }),
    });
    scheduler.start();
    await vi.waitFor(() => expect(started).toBe(1), { timeout: 60_000 });
    await scheduler.stop();
    expect(sawAbort).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(started).toBe(1);
  });

  it("keeps a failing job from breaking the scheduler", async () => {
    const errors: unknown[] = [];
    const scheduler = createJobScheduler({
      redis: null,
      lockKeys: redisKeys("aw-test:"),
      log: { ...quietLog, error: (object) => errors.push(object) },
    });
    scheduler.add({
      name: "broken",
      intervalMs: 1000,
      exclusive: false,
      run: async () => {
        throw new Error("boom");
      },
    });
    expect(await scheduler.runNow("broken")).toBe("failed");
    expect(errors).toHaveLength(1);
  });
});

// The lock needs a Redis server (./redis.ts).
let redis: Redis | null = null;

describe("job scheduler across instances (Redis lock)", () => {
  beforeAll(async () => {
    redis = await connectTestRedis();
  });
  afterAll(async () => {
    await redis?.quit();
  });

  it("runs an exclusive job on one instance per interval", async (context) => {
    if (!redis) return context.skip("no Redis server reachable");
    const lockKeys = redisKeys(`aw:test-lock:${randomUUID()}:`);
    const one = createJobScheduler({ redis, log: quietLog, lockKeys });
    const two = createJobScheduler({ redis, log: quietLog, lockKeys });
    const jobOne = countingJob("poll", true);
    const jobTwo = countingJob("poll", true);
    one.add(jobOne);
    two.add(jobTwo);
    const results = await Promise.all([one.runNow("poll"), two.runNow("poll")]);
    expect(results.sort()).toEqual(["ran", "skipped_locked"]);
    expect(jobOne.runs + jobTwo.runs).toBe(1);
    // Still inside the interval: neither runs again.
    expect(await one.runNow("poll")).toBe("skipped_locked");
    expect(await two.runNow("poll")).toBe("skipped_locked");
    const ttl = await redis.pttl(lockKeys.key("poll"));
    expect(ttl).toBeGreaterThan(200_000);
    expect(ttl).toBeLessThanOrEqual(270_000);
    await redis.del(lockKeys.key("poll"));
  });

  it("runs a job that is not exclusive on every instance", async (context) => {
    if (!redis) return context.skip("no Redis server reachable");
    const lockKeys = redisKeys(`aw:test-lock:${randomUUID()}:`);
    const one = createJobScheduler({ redis, log: quietLog, lockKeys });
    const two = createJobScheduler({ redis, log: quietLog, lockKeys });
    const jobOne = countingJob("sync", false);
    const jobTwo = countingJob("sync", false);
    one.add(jobOne);
    two.add(jobTwo);
    await Promise.all([one.runNow("sync"), two.runNow("sync")]);
    expect(jobOne.runs + jobTwo.runs).toBe(2);
  });

  it("takes the app's job locks under REDIS_KEY_PREFIX", async (context) => {
    if (!redis) return context.skip("no Redis server reachable");
    const prefix = `aw-test-${randomUUID()}:`;
    const app = await buildTestApp({}, { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix });
    try {
      expect(await app.jobs.runNow("market-data:poll")).toBe("ran");
      expect(await redis.exists(`${prefix}job-lock:market-data:poll`)).toBe(1);
    } finally {
      await app.close();
      await redis.del(`${prefix}job-lock:market-data:poll`);
    }
  });
});
