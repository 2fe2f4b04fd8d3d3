import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { mailOutbox } from "../../db/schema";

/** The only place the mail outbox table is queried (decision 223). */
export function createMailOutboxRepository(db: Executor) {
  const table = mailOutbox;
  return {
    async insert(values: typeof mailOutbox.$inferInsert, tx: Executor = db) {
      const [row] = await tx.insert(table).values(values).returning();
      if (!row) throw new Error("mail outbox insert returned nothing");
      return row;
    },

    /**
     * Claims up to `limit` mails that are due: each is pushed to `leaseUntil` and counted as an
     * attempt in one statement, rows another instance holds are skipped, so two instances (or
     * two runs) never take the same mail. A run that dies leaves its mails to be taken again
     * once the lease has passed.
     */
    async claimDue(now: Date, leaseUntil: Date, limit: number) {
      const due = db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.status, "pending"), lte(table.nextAttemptAt, now)))
        .orderBy(asc(table.id))
        .limit(limit)
        .for("update", { skipLocked: true });
      return db
        .update(table)
        .set({ nextAttemptAt: leaseUntil, attempts: sql`${table.attempts} + 1` })
        .where(and(inArray(table.id, due), eq(table.status, "pending")))
        .returning();
    },

    async markSent(id: number, at: Date) {
      await db
        .update(table)
        .set({ status: "sent", sentAt: at, lastError: null })
        .where(eq(table.id, id));
    },

    async retryAt(id: number, at: Date, error: string) {
      await db.update(table).set({ nextAttemptAt: at, lastError: error }).where(eq(table.id, id));
    },

    async markFailed(id: number, error: string) {
      await db.update(table).set({ status: "failed", lastError: error }).where(eq(table.id, id));
    },

    /** Mails not sent yet, for health and the tests. */
    async pendingCount(): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(table)
        .where(eq(table.status, "pending"));
      return row?.count ?? 0;
    },
  };
}

export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>;
