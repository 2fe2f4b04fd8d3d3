import { sql } from "drizzle-orm";
import type { Database } from "./client";

/** The cheapest round trip: does the database answer at all? */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Planner statistics and the visibility map brought up to date (PGlite has no autovacuum). */
export async function vacuumAnalyze(db: Database): Promise<void> {
  await db.execute(sql`vacuum analyze`);
}
