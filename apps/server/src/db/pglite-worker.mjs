// The embedded database's own thread (docs/decisions/004-embedded-database-thread.md). PGlite runs
// PostgreSQL compiled to WebAssembly: every query executes synchronously wherever PGlite lives.
// Living here, a 5-20 ms query no longer stops the web server from reading, answering and
// coalescing other requests.
//
// Plain JavaScript on purpose: the same file serves the TypeScript sources (tsx, vitest) and the
// built server, with no transpiler inside the worker.
import { existsSync } from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/** @type {{ dataDir: string | undefined, postgresqlconf: string[] }} */
const options = workerData;
const identity = (/** @type {unknown} */ value) => value;

/** PostgreSQL's error fields survive the trip to the main thread (unique violations: 23505). */
const errorFields = [
  "code",
  "severity",
  "detail",
  "hint",
  "constraint",
  "table",
  "column",
  "schema",
  "dataType",
  "position",
  "where",
  "routine",
];

function serializeError(/** @type {any} */ error) {
  /** @type {Record<string, unknown>} */
  const fields = { name: error?.name ?? "Error", message: String(error?.message ?? error) };
  for (const field of errorFields) if (error?.[field] !== undefined) fields[field] = error[field];
  return fields;
}

/**
 * @param {{ rowMode?: "array" | "object", rawTypes?: number[] } | undefined} request
 * @returns {import("@electric-sql/pglite").QueryOptions | undefined}
 */
function queryOptions(request) {
  if (!request) return undefined;
  /** @type {Record<number, (value: unknown) => unknown>} */
  const parsers = {};
  for (const type of request.rawTypes ?? []) parsers[type] = identity;
  return { rowMode: request.rowMode, parsers };
}

const open = () =>
  PGlite.create(options.dataDir, {
    extensions: { pg_trgm },
    postgresqlconf: options.postgresqlconf,
  });
// A new folder is made by PostgreSQL's initdb inside PGlite, whose WebAssembly memory grows for it
// and never shrinks: closed and opened again, the database runs in the memory it needs (a site's
// first start peaked at 670-780 MB with initdb's memory kept, 544 MB without it; decision 324).
const fresh =
  options.dataDir !== undefined && !existsSync(path.join(options.dataDir, "PG_VERSION"));
let db = await open();
/** Closed and opened again: the new instance starts with the memory it needs. */
async function reopen() {
  await db.close();
  db = await open();
}
if (fresh) await reopen();

// Requests are answered strictly in the order they arrive: the main thread keeps transactions
// together by sending nothing else while one is open.
/** @type {Promise<unknown>} */
let queue = Promise.resolve();

parentPort?.on("message", (/** @type {any} */ message) => {
  queue = queue.then(async () => {
    try {
      if (message.op === "query") {
        const result = await db.query(message.sql, message.params, queryOptions(message.options));
        parentPort?.postMessage({ id: message.id, result });
      } else if (message.op === "exec") {
        parentPort?.postMessage({ id: message.id, result: await db.exec(message.sql) });
      } else if (message.op === "vacuum") {
        // PGlite has no autovacuum: the maintenance job sends this (decision 035). ANALYZE's
        // samples grow the WebAssembly memory, which never shrinks (48 MB instead of 29 on the
        // bench's 10,000 articles, held until the next start): opened again, the database gives
        // it back. No transaction can be open here (the main thread sends nothing while one is).
        await db.exec("vacuum analyze");
        try {
          await reopen();
        } catch (error) {
          // The files were open a moment ago; if they no longer close and open, no query can be
          // answered: the thread stops, and every query fails with "the database thread
          // stopped" (the health check reports the database down), not with a closed PGlite.
          console.error(
            "The embedded database could not be opened again after its maintenance:",
            error,
          );
          process.exit(1);
        }
        parentPort?.postMessage({ id: message.id, result: null });
      } else if (message.op === "close") {
        await db.close();
        parentPort?.postMessage({ id: message.id, result: null });
        parentPort?.close();
      }
    } catch (error) {
      parentPort?.postMessage({ id: message.id, error: serializeError(error) });
    }
  });
});

parentPort?.postMessage({ ready: true });
