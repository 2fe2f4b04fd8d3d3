import { type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "./client";

/**
 * Deletes the rows of `table` that `where` picks; whether there were any. Counted from the
 * returned rows: the drivers (PGlite, node-postgres) report affected rows differently.
 */
export async function deleteRows(tx: Executor, table: PgTable, where: SQL): Promise<boolean> {
  const rows = await tx.delete(table).where(where).returning({ found: sql`1` });
  return rows.length > 0;
}
