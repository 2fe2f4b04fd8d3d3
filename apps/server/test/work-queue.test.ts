import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backoffMs, createWorkQueue } from "../src/lib/work-queue";
import { buildTestApp } from "./helpers";

// On the embedded database in `test:unit`, on PostgreSQL in `test:pg` (TEST_PG_URL).
let app: FastifyInstance;
const minute = 60_000;
const options = {
  leaseMs: 10 * minute,
  maxAttempts: 3,
  firstRetryMs: minute,
  longestRetryMs: 4 * minute,
};

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe("the work queue", () => {
  it("gives each item to one of two claimers running at once", async () => {
    const first = createWorkQueue(app.database.db).kind<{ n: number }>("test:two", options);
    const second = createWorkQueue(app.database.db).kind<{ n: number }>("test:two", options);
    for (let n = 0; n < 30; n++) await first.enqueue({ n });
    const seen: number[] = [];
    const handle = async (item: { payload: { n: number } }) => {
      seen.push(item.payload.n);
    };
    const [a, b] = await Promise.all([first.run({ handle }), second.run({ handle })]);
    expect(a.done + b.done).toBe(30);
    expect(seen.sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    expect(await first.pendingCount()).toBe(0);
  });

  it("starts an item at once when the instance that stored it asks, whatever the millisecond", async () => {
    // The due time is the app's clock in milliseconds, as the claim's `now` is: with the database's
    // now() (microseconds) an item stored in the millisecond a claim began was not yet due.
    const jobs = createWorkQueue(app.database.db).kind<number>("test:at-once", options);
    for (let n = 0; n < 20; n++) {
      const id = (await jobs.enqueue(n))!;
      const started: number[] = [];
      expect(
        await jobs.runOne(id, { handle: async ({ payload }) => void started.push(payload) }),
      ).toBe("done");
      expect(started).toEqual([n]);
    }
    // Stored and not yet claimed (a claim moves run_at to the lease's end): whole milliseconds.
    const waiting = (await jobs.enqueue(99))!;
    const result = (await app.database.db.execute(
      sql`select run_at = date_trunc('milliseconds', run_at) as whole from work_queue where id = ${waiting}`,
    )) as unknown as { rows: Array<{ whole: boolean }> };
    expect(result.rows[0]?.whole).toBe(true);
  });

  it("claims an item again once its lease has passed (a restart), and only the new claim settles it", async () => {
    const queue = createWorkQueue(app.database.db);
    const jobs = queue.kind<string>("test:lease", options);
    const id = await jobs.enqueue("resume me");
    const now = new Date();
    const [claimed] = await jobs.claim(now);
    expect(claimed).toMatchObject({ id, attempts: 1, payload: "resume me" });
    // The worker died: nothing is due while the lease runs.
    expect(await jobs.claim(new Date(now.getTime() + 9 * minute))).toEqual([]);
    const after = new Date(now.getTime() + 11 * minute);
    const handled: number[] = [];
    const result = await jobs.run({
      now: after,
      handle: async (item) => {
        handled.push(item.attempts);
      },
    });
    expect(result).toEqual({ done: 1, retrying: 0, failed: 0 });
    expect(handled).toEqual([2]);
    expect(await queue.find(id!)).toMatchObject({ status: "done", attempts: 2 });
  });

  it("puts a failing item off with doubling waits, then gives it up after maxAttempts", async () => {
    const queue = createWorkQueue(app.database.db);
    const jobs = queue.kind<string>("test:backoff", options);
    const id = (await jobs.enqueue("always fails"))!;
    const givenUp: string[] = [];
    const failing = (now: Date) =>
      jobs.run({
        now,
        handle: async () => {
          throw new Error("the far side is away");
        },
        onGivenUp: (_, reason) => {
          givenUp.push(reason);
        },
      });
    const start = new Date();
    expect(await failing(start)).toEqual({ done: 0, retrying: 1, failed: 0 });
    let row = await queue.find(id);
    expect(row?.runAt.getTime()).toBe(start.getTime() + minute);
    expect(row?.lastError).toBe("the far side is away");
    // Not due before its wait is over.
    expect(await failing(new Date(start.getTime() + minute - 1))).toEqual({
      done: 0,
      retrying: 0,
      failed: 0,
    });
    const second = new Date(start.getTime() + minute);
    expect(await failing(second)).toEqual({ done: 0, retrying: 1, failed: 0 });
    row = await queue.find(id);
    expect(row?.runAt.getTime()).toBe(second.getTime() + 2 * minute);
    expect(await failing(new Date(second.getTime() + 2 * minute))).toEqual({
      done: 0,
      retrying: 0,
      failed: 1,
    });
    expect(await queue.find(id)).toMatchObject({ status: "failed", attempts: 3 });
    expect(givenUp).toEqual(["the far side is away"]);
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(n, minute, 4 * minute))).toEqual([
      minute,
      2 * minute,
      4 * minute,
      4 * minute,
      4 * minute,
    ]);
  });

  it("gives up at once on a permanent error, and stores work with a dedupe key once", async () => {
    const queue = createWorkQueue(app.database.db);
    const jobs = queue.kind<string>("test:permanent", options);
    const id = await jobs.enqueue("refused", { dedupeKey: "day-1" });
    expect(await jobs.enqueue("refused again", { dedupeKey: "day-1" })).toBeNull();
    const result = await jobs.run({
      handle: async () => {
        throw new Error("550 no such user");
      },
      isPermanent: (error) => error instanceof Error && error.message.startsWith("5"),
    });
    expect(result).toEqual({ done: 0, retrying: 0, failed: 1 });
    expect(await queue.find(id!)).toMatchObject({ status: "failed", attempts: 1 });
    expect(await jobs.pendingCount()).toBe(0);
  });

  it("leaves what an aborted run did not try due at once, for the next run", async () => {
    const jobs = createWorkQueue(app.database.db).kind<number>("test:abort", options);
    for (let n = 0; n < 3; n++) await jobs.enqueue(n);
    const stop = new AbortController();
    const first = await jobs.run({
      signal: stop.signal,
      handle: async () => {
        stop.abort();
      },
    });
    expect(first.done).toBe(1);
    expect(await jobs.pendingCount()).toBe(2);
    expect((await jobs.run({ handle: async () => {} })).done).toBe(2);
  });

  it("runs one named item, keeps a long claim with renew, and frees work its stop cut short", async () => {
    const queue = createWorkQueue(app.database.db);
    const jobs = queue.kind<string>("test:one", options);
    const other = (await jobs.enqueue("not this one"))!;
    const id = (await jobs.enqueue("long work"))!;
    const start = new Date();
    const stop = new AbortController();
    const renewed: boolean[] = [];
    const outcome = await jobs.runOne(id, {
      now: start,
      signal: stop.signal,
      handle: async (item) => {
        // Still this claim's after a lease and a half, because it renewed as it went.
        renewed.push(await jobs.renew(item, new Date(start.getTime() + 9 * minute)));
        expect(await jobs.claim(new Date(start.getTime() + 15 * minute))).toMatchObject([
          { id: other },
        ]);
        stop.abort();
        throw new Error("stopped with its server");
      },
    });
    expect(outcome).toBe("retrying");
    expect(renewed).toEqual([true]);
    // Stopped, not failed: due again at once, and a second runOne of it now claims it again.
    const row = await queue.find(id);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await jobs.runOne(id, { handle: async () => {} })).toBe("done");
    expect(await jobs.runOne(id, { handle: async () => {} })).toBeNull();
    expect(await queue.find(id)).toMatchObject({ status: "done", attempts: 2 });
  });
});
