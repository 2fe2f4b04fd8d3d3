import { and, asc, eq, ilike, isNull, ne, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { deleteRows } from "../../db/delete-rows";
import { escapeLike } from "../../db/like";
import { newestFirstPage } from "../../db/paging";
import { newsletterSubscribers } from "../../db/schema";

export type SubscriberStatus = "pending" | "confirmed" | "unsubscribed";

/** The only place the subscribers table is queried. */
export function createNewsletterRepository(db: Executor) {
  const table = newsletterSubscribers;
  return {
    async findByEmail(email: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(table)
        .where(eq(sql`lower(${table.email})`, email.toLowerCase()));
      return row;
    },

    async findById(id: number, tx: Executor = db) {
      const [row] = await tx.select().from(table).where(eq(table.id, id));
      return row;
    },

    /** A new pending subscriber, or null when the address is already there (a race). */
    async insertPending(email: string, tx: Executor = db) {
      const [row] = await tx
        .insert(table)
        .values({ email, status: "pending" })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    /** Back to pending with a new token version: links of older mails stop working. */
    async resubscribe(id: number, tx: Executor = db) {
      const [row] = await tx
        .update(table)
        .set({
          status: "pending",
          tokenVersion: sql`${table.tokenVersion} + 1`,
          confirmedAt: null,
          unsubscribedAt: null,
          confirmationSentAt: null,
        })
        .where(eq(table.id, id))
        .returning();
      return row;
    },

    async markConfirmationSent(id: number, tx: Executor = db) {
      await tx.update(table).set({ confirmationSentAt: new Date() }).where(eq(table.id, id));
    },

    /** Confirms a pending subscriber whose link carries the current version. */
    async confirm(id: number, version: number, tx: Executor = db) {
      const [row] = await tx
        .update(table)
        .set({ status: "confirmed", confirmedAt: new Date() })
        .where(and(eq(table.id, id), eq(table.tokenVersion, version), eq(table.status, "pending")))
        .returning();
      return row;
    },

    async unsubscribe(id: number, tx: Executor = db) {
      const [row] = await tx
        .update(table)
        .set({ status: "unsubscribed", unsubscribedAt: new Date() })
        .where(and(eq(table.id, id), ne(table.status, "unsubscribed")))
        .returning();
      return row;
    },

    remove(id: number, tx: Executor = db): Promise<boolean> {
      return deleteRows(tx, table, eq(table.id, id));
    },

    async counts(tx: Executor = db): Promise<Record<SubscriberStatus, number>> {
      const rows = await tx
        .select({ status: table.status, count: sql<number>`count(*)::int` })
        .from(table)
        .groupBy(table.status);
      const counts = { pending: 0, confirmed: 0, unsubscribed: 0 };
      for (const row of rows) counts[row.status] = row.count;
      return counts;
    },

    async list(
      filters: { search?: string; status?: SubscriberStatus; limit: number; offset: number },
      tx: Executor = db,
    ) {
      const where = and(
        filters.search ? ilike(table.email, `%${escapeLike(filters.search)}%`) : undefined,
        filters.status ? eq(table.status, filters.status) : undefined,
      );
      return newestFirstPage(tx, table, where, filters);
    },

    /** Every subscriber in sign-up order, for the CSV export. */
    all(tx: Executor = db) {
      return tx.select().from(table).orderBy(asc(table.id));
    },

    /** Confirmed subscribers not yet sent the digest of `day`, a batch at a time. */
    digestRecipients(day: string, limit: number, tx: Executor = db) {
      return tx
        .select()
        .from(table)
        .where(
          and(
            eq(table.status, "confirmed"),
            or(isNull(table.lastDigestOn), ne(table.lastDigestOn, day)),
          ),
        )
        .orderBy(asc(table.id))
        .limit(limit);
    },

    /** Pending subscribers whose confirmation mail never went out (kept while mail was off). */
    confirmationsOwed(limit: number, tx: Executor = db) {
      return tx
        .select()
        .from(table)
        .where(and(eq(table.status, "pending"), isNull(table.confirmationSentAt)))
        .orderBy(asc(table.id))
        .limit(limit);
    },

    /**
     * Claims today's digest for one subscriber, in the transaction that queues the mail: only one
     * instance (or run) wins, so nobody gets the same day's digest twice even when runs overlap.
     */
    async claimDigest(id: number, day: string, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .update(table)
        .set({ lastDigestOn: day })
        .where(
          and(
            eq(table.id, id),
            eq(table.status, "confirmed"),
            or(isNull(table.lastDigestOn), ne(table.lastDigestOn, day)),
          ),
        )
        .returning({ id: table.id });
      return rows.length > 0;
    },
  };
}

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
