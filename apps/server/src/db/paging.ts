import { desc, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "./client";

/**
 * One page of a table's rows, newest first (ties by id), and how many rows match in all: the
 * admin lists' query (contact messages, newsletter subscribers).
 */
export async function newestFirstPage<T extends PgTable & { createdAt: PgColumn; id: PgColumn }>(
  tx: Executor,
  table: T,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: T["$inferSelect"][]; total: number }> {
  const [rows, [total]] = await Promise.all([
    tx
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(page.limit)
      .offset(page.offset),
    tx
      .select({ count: sql<number>`count(*)::int` })
      .from(table as PgTable)
      .where(where),
  ]);
  return { rows: rows as T["$inferSelect"][], total: total?.count ?? 0 };
}
