import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type ExtractTablesWithRelations, sql } from "drizzle-orm";
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
  /**
   * Runs `work` while no other server on the same database runs work of the same `lock` number
   * (a PostgreSQL advisory lock held on a session of its own). Several instances that start at once
   * seed the demo content once. The embedded database has one server, so it just runs.
   */
  exclusive<T>(lock: number, work: () => Promise<T>): Promise<T>;
  /**
   * Planner statistics and the visibility map brought up to date (the embedded database has no
   * autovacuum: decision 035). On the embedded database's thread, the database is then opened
   * again so it gives back the memory the work took.
   */
  vacuumAnalyze(): Promise<void>;
  close(): Promise<void>;
}

/** Advisory lock numbers: one per kind of start-up work. */
export const startupLocks = { migrations: 727274, seed: 727275 } as const;

const runAlone = <T>(_lock: number, work: () => Promise<T>) => work();

async function vacuumAnalyzeStatement(db: Database): Promise<void> {
  await db.execute(sql`vacuum analyze`);
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
  /** How long a PostgreSQL server may take to accept a session (tests shorten it). */
  connectTimeoutMs?: number;
}): Promise<DatabaseHandle> {
  const { databaseUrl, dataDir, connectTimeoutMs = 10_000 } = options;
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
    trackConnections(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    // The first session has a time limit: a server that accepts connections and never answers
    // must not hang the start (issue 17). The pool's own waits stay unlimited, as before.
    const client = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: connectTimeoutMs,
    });
    await client.connect().catch(async (error: Error) => {
      await pool.end().catch(() => {});
      const what = /timeout/i.test(error.message)
        ? `did not answer within ${Math.round(connectTimeoutMs / 1000)} s`
        : `refused the session (${error.message})`;
      throw new Error(
        `Cannot start: the PostgreSQL server at ${describeServer(databaseUrl)} ${what}. Check that it is running and answering, and DATABASE_URL.`,
        { cause: error },
      );
    });
    try {
      // Several instances may start at once: one migrates, the others wait for it.
      await client.query("select pg_advisory_lock($1)", [startupLocks.migrations]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client
        .query("select pg_advisory_unlock($1)", [startupLocks.migrations])
        .catch(() => {});
      await client.end().catch(() => {});
    }
    const exclusive = async <T>(lock: number, work: () => Promise<T>): Promise<T> => {
      const session = await pool.connect();
      try {
        await session.query("select pg_advisory_lock($1)", [lock]);
        try {
          return await work();
        } finally {
          await session.query("select pg_advisory_unlock($1)", [lock]).catch(() => {});
        }
      } finally {
        session.release();
      }
    };
    return {
      db,
      kind: "postgres",
      exclusive,
      vacuumAnalyze: () => vacuumAnalyzeStatement(db),
      close: () => endPool(pool),
    };
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
      // A database that lives only in memory has no use for PostgreSQL's 16 MB WAL segments: each
      // is a 16 MB file in the image every test file loads, and starting from an image costs 40%
      // less CPU with 1 MB ones (1245 -> 754 ms measured; the unit suite loads hundreds). An
      // image carries the size it was made with (the test templates are made here too).
      initDbStartParams: ["--wal-segsize=1"],
    });
    return withMigrations(client, { close: () => client.close() });
  }
  // On disk (the embedded default), PGlite gets a thread of its own: its queries run
  // synchronously, and on the server's thread every query stopped all other requests (004).
  const dir = path.join(dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  let thread: Awaited<ReturnType<typeof openPGliteThread>>;
  try {
    thread = await openPGliteThread({ dataDir: dir, postgresqlconf });
  } catch (error) {
    throw new Error(
      `Cannot start: the embedded database in ${dir} could not be opened (${(error as Error).message}). It may be damaged: restore DATA_DIR from a backup, or move ${dir} aside to start with an empty database.`,
      { cause: error },
    );
  }
  return withMigrations(thread.client, thread);
}

/** host:port/database of a connection URL, without the user and password. */
function describeServer(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    return "DATABASE_URL";
  }
}

async function withMigrations(
  client: PGlite,
  owner: { close(): Promise<void>; vacuumAnalyze?(): Promise<void> },
): Promise<DatabaseHandle> {
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  } catch (error) {
    await owner.close().catch(() => {});
    throw error;
  }
  return {
    db,
    kind: "pglite",
    exclusive: runAlone,
    // In memory (tests) there is nothing to open again: closing would lose the database.
    vacuumAnalyze: owner.vacuumAnalyze ?? (() => vacuumAnalyzeStatement(db)),
    close: owner.close,
  };
}

interface PoolLike {
  on(event: "connect" | "remove", listener: () => void): unknown;
  end(): Promise<void>;
}
const openConnections = new WeakMap<PoolLike, { count: number; closed: Array<() => void> }>();

function trackConnections(pool: PoolLike) {
  const state = { count: 0, closed: [] as Array<() => void> };
  openConnections.set(pool, state);
  pool.on("connect", () => {
    state.count += 1;
  });
  pool.on("remove", () => {
    state.count -= 1;
    if (state.count === 0) for (const done of state.closed.splice(0)) done();
  });
}

/**
 * Ends a pool and waits until every connection has really closed. pg's `pool.end()` resolves
 * once it has asked its idle connections to end, not when they have: a database dropped right
 * after (the tests drop their own) then terminates them and the pool reports "terminating
 * connection due to administrator command" (issue 33, decision 226).
 */
async function endPool(pool: PoolLike): Promise<void> {
  const state = openConnections.get(pool);
  const closed =
    state && state.count > 0
      ? new Promise<void>((resolve) => state.closed.push(resolve))
      : Promise.resolve();
  await pool.end();
  await closed;
}
