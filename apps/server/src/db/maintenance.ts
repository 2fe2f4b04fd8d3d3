import { sql } from "drizzle-orm";
import type { Database } from "./client";

/** The cheapest round trip: does the database answer at all? */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * One cheap read per part of the site that depends on the database, written like the queries
 * those parts run (decision 076): `select 1` alone answered "ok" over a damaged catalog while
 * search and login failed.
 */
const partChecks = {
  login: sql`select id from users where lower(email) = 'health-check@aurumwire.invalid' limit 1`,
  articles: sql`select id from articles where status = 'published' order by published_at desc nulls last limit 1`,
  search: sql`select id from articles where search_vector @@ websearch_to_tsquery('english', 'bitcoin') limit 1`,
  categories: sql`select id from categories limit 1`,
  apiKeys: sql`select id from api_keys limit 1`,
  siteSettings: sql`select 1 from site_settings limit 1`,
  news: sql`select 1 from news_items limit 1`,
} as const;

export type DatabasePart = keyof typeof partChecks;
export const databaseParts = Object.keys(partChecks) as DatabasePart[];

/** Runs the part's check; throws what the database threw. */
export async function checkDatabasePart(db: Database, part: DatabasePart): Promise<void> {
  await db.execute(partChecks[part]);
}
