import path from "node:path";
import { Worker } from "node:worker_threads";
import type { PGlite, QueryOptions, Results } from "@electric-sql/pglite";
import { serverRoot } from "../paths";

/** What drizzle's PGlite driver asks of its client; a worker-backed client answers the same. */
interface QueryClient {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

const workerFile = path.join(serverRoot, "src", "db", "pglite-worker.mjs");

/** A PostgreSQL error from the worker, with its fields (code, constraint...) as PGlite gives them. */
function rebuildError(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message));
  Object.assign(error, fields);
  return error;
}

/**
 * Only the type ids of drizzle's parsers travel to the worker: drizzle passes identity parsers
 * (dates, intervals and their arrays stay strings, drizzle maps them itself), and functions cannot
 * be sent to another thread. Any other parser would be a mistake here, so it is refused.
 */
function toWorkerOptions(options: QueryOptions | undefined) {
  if (!options) return undefined;
  const rawTypes: number[] = [];
  for (const [type, parser] of Object.entries(options.parsers ?? {})) {
    if (parser("x", Number(type)) !== "x") {
      throw new Error(`the database thread supports only pass-through parsers (type ${type})`);
    }
    rawTypes.push(Number(type));
  }
  return { rowMode: options.rowMode, rawTypes };
}

/**
 * PGlite in a worker thread, behind the part of PGlite's interface drizzle uses: query, exec,
 * transaction, close. Calls are sent in order; a transaction holds the line until it ends, so no
 * other statement runs inside it (PGlite is single-session, as it is in-process).
 */
export async function openPGliteThread(options: {
  dataDir: string;
  postgresqlconf: string[];
}): Promise<{ client: PGlite; vacuumAnalyze(): Promise<void>; close(): Promise<void> }> {
  // The thread's own JavaScript is small (query texts and result rows); PGlite's WebAssembly
  // memory is outside these limits. Small heaps keep the process's memory down (decision 038).
  const worker = new Worker(workerFile, {
    workerData: options,
    resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 96 },
  });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let failure: Error | null = null;

  const ready = new Promise<void>((resolve, reject) => {
    // A thread that stops before it is ready (the database aborted while opening) must fail the
    // start, not leave it waiting forever.
    const stopped = (code: number) =>
      reject(new Error(`the database thread stopped while opening (exit code ${code})`));
    worker.once("error", reject);
    worker.once("exit", stopped);
    worker.once("message", () => {
      worker.off("error", reject);
      worker.off("exit", stopped);
      resolve();
    });
  });
  await ready;

  const failAll = (error: Error) => {
    failure = error;
    for (const request of pending.values()) request.reject(error);
    pending.clear();
  };
  worker.on(
    "message",
    (message: { id: number; result?: unknown; error?: Record<string, unknown> }) => {
      const request = pending.get(message.id);
      if (!request) return;
      pending.delete(message.id);
      if (message.error) request.reject(rebuildError(message.error));
      else request.resolve(message.result);
    },
  );
  worker.on("error", (error) => failAll(error));
  worker.on("exit", (code) =>
    failAll(new Error(`the database thread stopped (exit code ${code})`)),
  );

  function send<T>(message: Record<string, unknown>): Promise<T> {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  }

  const direct: QueryClient = {
    query: <T>(sql: string, params: unknown[] = [], queryOptions?: QueryOptions) =>
      send<Results<T>>({ op: "query", sql, params, options: toWorkerOptions(queryOptions) }),
    exec: (sql: string) => send<Results[]>({ op: "exec", sql }),
  };

  // Statements outside a transaction wait while one is open.
  let line: Promise<unknown> = Promise.resolve();
  function inLine<T>(work: () => Promise<T>): Promise<T> {
    const result = line.then(work);
    line = result.catch(() => {});
    return result;
  }

  const client = {
    query: <T>(sql: string, params?: unknown[], queryOptions?: QueryOptions) =>
      inLine(() => direct.query<T>(sql, params, queryOptions)),
    exec: (sql: string) => inLine(() => direct.exec(sql)),
    transaction: <T>(callback: (tx: QueryClient & { rollback(): Promise<void> }) => Promise<T>) =>
      inLine(async () => {
        await direct.exec("BEGIN");
        let rolledBack = false;
        const tx = {
          ...direct,
          rollback: async () => {
            rolledBack = true;
            await direct.exec("ROLLBACK");
          },
        };
        try {
          const result = await callback(tx);
          if (!rolledBack) await direct.exec("COMMIT");
          return result;
        } catch (error) {
          if (!rolledBack) await direct.exec("ROLLBACK").catch(() => {});
          throw error;
        }
      }),
  };

  return {
    client: client as unknown as PGlite,
    /** VACUUM ANALYZE, then the database opened again to give back the memory it grew by. */
    vacuumAnalyze: () => inLine(() => send({ op: "vacuum" })),
    async close() {
      if (failure) return;
      await inLine(() => send({ op: "close" }));
      await worker.terminate();
    },
  };
}
