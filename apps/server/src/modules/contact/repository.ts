import { eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { newestFirstPage } from "../../db/paging";
import { contactMessages } from "../../db/schema";

type Status = "new" | "read" | "archived";

/** The only place the contact messages table is queried. */
export function createContactRepository(db: Executor) {
  const table = contactMessages;
  return {
    async insert(
      values: { name: string; email: string; subject: string; message: string },
      tx: Executor = db,
    ) {
      const [row] = await tx.insert(table).values(values).returning();
      if (!row) throw new Error("contact message insert returned nothing");
      return row;
    },

    async recordMail(id: number, outcome: { mailedAt: Date | null; mailError: string | null }) {
      await db.update(table).set(outcome).where(eq(table.id, id));
    },

    async list(filters: { statuses: Status[]; limit: number; offset: number }, tx: Executor = db) {
      return newestFirstPage(tx, table, inArray(table.status, filters.statuses), filters);
    },

    async counts(tx: Executor = db): Promise<Record<Status, number>> {
      const rows = await tx
        .select({ status: table.status, count: sql<number>`count(*)::int` })
        .from(table)
        .groupBy(table.status);
      const counts = { new: 0, read: 0, archived: 0 };
      for (const row of rows) counts[row.status] = row.count;
      return counts;
    },

    async setStatus(id: number, status: Status, tx: Executor = db) {
      const [row] = await tx.update(table).set({ status }).where(eq(table.id, id)).returning();
      return row;
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
