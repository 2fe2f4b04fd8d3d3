import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrationsFolder } from "../paths";
import { openPGliteThread } from "./pglite-thread";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
/** Repositories take either the database or an open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

/**
 * Open the database and bring its schema up to date.
 * - no url: embedded PGlite with its files under `dataDir/pglite`
 * - "memory://": in-memory PGlite (tests)
 * - postgres://...: a node-postgres pool
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** For "memory://": start from this image of a data directory (PGlite's `dumpDataDir`). */
  loadDataDir?: Blob;
}): Promise<DatabaseHandle> {
  const { databaseUrl, dataDir } = options;
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) {
    // Loaded only for a PostgreSQL server, so the embedded default does not carry the driver.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle connection that the server drops (restart, failover) must not crash the process.
    pool.on("error", (error) => console.error("PostgreSQL pool error:", error.message));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const client = await pool.connect();
    try {
      // Several instances may start at once: one migrates, the others wait for it.
      await client.query("select pg_advisory_lock(727274)");
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock(727274)").catch(() => {});
      client.release();
    }
    return { db, kind: "postgres", close: () => pool.end() };
  }
  // PostgreSQL's default 128 MB of shared buffers would sit on top of PGlite's 128 MB WASM heap;
  // the operating system's file cache below serves what does not fit (decisions 035, 038).
  const postgresqlconf = ["shared_buffers = 16MB"];
  if (databaseUrl === "memory://") {
    // From an image, PGlite skips initdb, the costliest part of a new database (tests, 12).
    const client = await PGlite.create(undefined, {
      extensions: { pg_trgm },
      postgresqlconf,
      loadDataDir: options.loadDataDir,
    });
    return withMigrations(client, () => client.close());
  }
  // On disk (the embedded default), PGlite gets a thread of its own: its queries run
  // synchronously, and on the server's thread every query stopped all other requests (004).
  const dir = path.join(dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  const thread = await openPGliteThread({ dataDir: dir, postgresqlconf });
  return withMigrations(thread.client, thread.close);
}

async function withMigrations(client: PGlite, close: () => Promise<void>): Promise<DatabaseHandle> {
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
  return { db, kind: "pglite", close };
}
