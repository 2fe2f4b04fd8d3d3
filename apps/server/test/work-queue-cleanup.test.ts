import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workQueue } from "../src/db/schema";
import { workQueueCleanupJob } from "../src/jobs/work-queue-cleanup-job";
import { createWorkQueue } from "../src/lib/work-queue";
import { buildTestApp } from "./helpers";

/** Ended work queue rows are deleted: done ones after a week, given-up ones after a month (308). */
let app: FastifyInstance;
const options = { leaseMs: 60_000, maxAttempts: 1, firstRetryMs: 1_000, longestRetryMs: 1_000 };

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

const exists = async (id: number) => (await createWorkQueue(app.database.db).find(id)) !== null;
const endedDaysAgo = (id: number, days: number) =>
  app.database.db
    .update(workQueue)
    .set({ finishedAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(workQueue.id, id));

describe("the work queue clean-up job", () => {
  it("deletes done rows after a week and failed ones after a month, never pending ones", async () => {
    const kind = createWorkQueue(app.database.db).kind<string>("test:cleanup", options);
    const ids: Record<string, number> = {};
    for (const name of ["doneOld", "doneNew", "failedOld", "failedMid"]) {
      ids[name] = (await kind.enqueue(name, { dedupeKey: name }))!;
    }
    // The "failed" ones throw (one attempt each: given up).
    const result = await kind.run({
      handle: async ({ payload }) => {
        if (payload.startsWith("failed")) throw new Error("refused");
      },
    });
    expect(result).toEqual({ done: 2, retrying: 0, failed: 2 });
    // Waiting for its turn (even with an old stamp it is not ended): never deleted.
    const pending = (await kind.enqueue("later", { runAt: new Date(Date.now() + 3_600_000) }))!;
    await endedDaysAgo(ids.doneOld, 8);
    await endedDaysAgo(ids.doneNew, 6);
    await endedDaysAgo(ids.failedOld, 31);
    await endedDaysAgo(ids.failedMid, 8);
    await endedDaysAgo(pending, 40);

    const job = workQueueCleanupJob(app.services.workQueue);
    expect(job).toMatchObject({ name: "work-queue:cleanup", exclusive: true });
    await job.run(new AbortController().signal);

    expect(await exists(ids.doneOld)).toBe(false);
    expect(await exists(ids.doneNew)).toBe(true);
    expect(await exists(ids.failedOld)).toBe(false);
    expect(await exists(ids.failedMid)).toBe(true);
    expect(await exists(pending)).toBe(true);
  });
});
