import { and, asc, eq, inArray, lt, lte, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { type WorkQueueRow, workQueue } from "../db/schema";

/** The only place the work queue's table is queried (lib/work-queue.ts, decision 183). */
export function createWorkQueueRepository(db: Executor) {
  const table = workQueue;
  /** Only the holder of the latest claim settles a row: a worker whose lease ran out does not. */
  const held = (id: number, attempts: number) =>
    and(eq(table.id, id), eq(table.attempts, attempts), eq(table.status, "pending"));
  /** Writes `values` to a row the claim `attempts` still holds; false when it no longer does. */
  async function settle(id: number, attempts: number, values: Partial<WorkQueueRow>) {
    const rows = await db
      .update(table)
      .set(values)
      .where(held(id, attempts))
      .returning({ id: table.id });
    return rows.length > 0;
  }

  return {
    /** The new row's id, or null when a row of this kind already has the dedupe key. */
    async insert(values: typeof workQueue.$inferInsert, tx: Executor = db) {
      const rows = await tx
        .insert(table)
        .values(values)
        .onConflictDoNothing({ target: [table.kind, table.dedupeKey] })
        .returning({ id: table.id });
      return rows[0]?.id ?? null;
    },

    /**
     * Claims up to `limit` due rows of a kind in one statement: each is pushed to `leaseUntil` and
     * counted as an attempt; rows another session holds are skipped (PostgreSQL), and the embedded
     * database's one connection runs the statement alone, so no row is claimed twice. With
     * `onlyId`, that row alone (when it is due).
     */
    async claim(kind: string, now: Date, leaseUntil: Date, limit: number, onlyId?: number) {
      const due = db
        .select({ id: table.id })
        .from(table)
        .where(
          and(
            eq(table.kind, kind),
            eq(table.status, "pending"),
            lte(table.runAt, now),
            onlyId === undefined ? undefined : eq(table.id, onlyId),
          ),
        )
        .orderBy(asc(table.runAt), asc(table.id))
        .limit(limit)
        .for("update", { skipLocked: true });
      const claimed = await db
        .update(table)
        .set({ runAt: leaseUntil, attempts: sql`${table.attempts} + 1` })
        .where(and(inArray(table.id, due), eq(table.status, "pending")))
        .returning();
      return claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
    },

    complete: (id: number, attempts: number, at: Date) =>
      settle(id, attempts, { status: "done", finishedAt: at, lastError: null }),

    /** Pushes the lease of a row the claim still holds to `until`. */
    renew: (id: number, attempts: number, until: Date) => settle(id, attempts, { runAt: until }),

    retryAt: (id: number, attempts: number, at: Date, error: string) =>
      settle(id, attempts, { runAt: at, lastError: error }),

    fail: (id: number, attempts: number, at: Date, error: string) =>
      settle(id, attempts, { status: "failed", finishedAt: at, lastError: error }),

    async find(id: number) {
      const [row] = await db.select().from(table).where(eq(table.id, id));
      return row ?? null;
    },

    /** Deletes the rows of every kind that ended (`status`) before `before`; answers how many. */
    async deleteFinishedBefore(status: "done" | "failed", before: Date): Promise<number> {
      const rows = await db
        .delete(table)
        .where(and(eq(table.status, status), lt(table.finishedAt, before)))
        .returning({ id: table.id });
      return rows.length;
    },

    async pendingCount(kind: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(table)
        .where(and(eq(table.kind, kind), eq(table.status, "pending")));
      return row?.count ?? 0;
    },
  };
}

export type WorkQueueRepository = ReturnType<typeof createWorkQueueRepository>;
