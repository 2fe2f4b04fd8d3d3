/**
 * Issue 19's scenario: the article page, cached and uncached, served by one instance and by two
 * instances that share one PostgreSQL database and one Redis, as a ratio of the two. The load is
 * the same in both: two generators of 32 connections each, both at the one instance, or one at
 * each of the two (what a round-robin load balancer does), while the second instance idles in
 * the single measurement. Needs PostgreSQL (BENCH_PG_URL, default the test server on
 * 127.0.0.1:5432); skipped with a note when there is none. BENCH_TWO_INSTANCES=0 skips it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { seedBenchDatabase } from "./seed-articles";
import { startServer, stopServer } from "./server-process";

interface Options {
  root: string;
  articleCount: number;
  seconds: number;
  rounds: number;
  warmupSeconds: number;
  log: (message: string) => void;
  /** Every server started here, stopped by the bench if it fails. */
  children: Set<ChildProcess>;
}

const pgServerUrl =
  process.env.BENCH_PG_URL ??
  process.env.TEST_PG_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";
const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";

/**
 * Successful (2xx) answers per second of several generators at once (wrk when installed, else
 * autocannon): an uncached page under this load is partly shed with 503 (decision 082), and a
 * refusal is no throughput.
 */
async function loadAtOnce(urls: string[], seconds: number, connections: number): Promise<number> {
  const hasWrk = await new Promise<boolean>((resolve) => {
    const probe = spawn("wrk", ["--version"]);
    probe.on("error", () => resolve(false));
    probe.on("exit", () => resolve(true));
  });
  const one = async (url: string): Promise<number> => {
    if (!hasWrk) {
      const result = await autocannon({ url, connections, duration: seconds, timeout: 30 });
      return result["2xx"] / seconds;
    }
    const child = spawn("wrk", [
      "-t1",
      `-c${connections}`,
      `-d${seconds}s`,
      "--timeout",
      "30s",
      url,
    ]);
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    await new Promise((resolve) => child.on("exit", resolve));
    const total = /(\d+) requests in ([\d.]+)(ms|s|m)\b/.exec(output);
    if (!total) return Number.NaN;
    const elapsed = Number(total[2]) * { ms: 0.001, s: 1, m: 60 }[total[3] as "ms" | "s" | "m"];
    const refused = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
    return (Number(total[1]) - refused) / elapsed;
  };
  const results = await Promise.all(urls.map(one));
  return results.reduce((sum, value) => sum + value, 0);
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function ensurePgDatabase(options: Options, dataDir: string): Promise<string> {
  const name = `aurumwire_bench_${options.articleCount}`;
  const admin = new pg.Client({ connectionString: pgServerUrl });
  await admin.connect();
  try {
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = Object.assign(new URL(pgServerUrl), { pathname: `/${name}` }).href;
  // Adds only what is missing: a database of the same size is reused as it is.
  options.log(`two instances: the bench articles in PostgreSQL database ${name}`);
  await seedBenchDatabase(dataDir, options.articleCount, url);
  return url;
}

export async function twoInstanceScenario(options: Options): Promise<string> {
  if (process.env.BENCH_TWO_INSTANCES === "0")
    return "two instances: skipped (BENCH_TWO_INSTANCES=0)";
  if (!(await reachable(pgServerUrl))) {
    return `two instances: skipped, no PostgreSQL at ${pgServerUrl.replace(/:[^:@/]*@/, ":***@")} (set BENCH_PG_URL)`;
  }
  const dataDir = path.join(tmpdir(), `aurumwire-bench-pg-${options.articleCount}`);
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl = await ensurePgDatabase(options, dataDir);
  const basePort = 5000 + Math.floor(Math.random() * 400);
  const prefix = `aw-bench-${process.pid}:`;

  const start = (port: number, ttl: number) =>
    startServer({
      root: options.root,
      port,
      children: options.children,
      env: {
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: prefix,
        JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123",
        LOG_LEVEL: "error",
        PAGE_CACHE_TTL_SECONDS: String(ttl),
      },
    });
  const stop = stopServer;

  const lines = [
    `two instances vs one (PostgreSQL + Redis), article page, successful answers per second, 2 generators x 32 connections, ${options.rounds} rounds of ${options.seconds} s, ${availableParallelism()} cores shared with the generators:`,
  ];
  for (const ttl of [60, 0]) {
    const first = await start(basePort, ttl);
    const second = await start(basePort + 1, ttl);
    try {
      // Start-up work (the first market and feed jobs) settles first.
      await new Promise((resolve) => setTimeout(resolve, 4000));
      const list = (await (
        await fetch(
          `http://127.0.0.1:${basePort}/api/articles?limit=1&offset=${Math.floor(options.articleCount / 2)}`,
        )
      ).json()) as { articles: Array<{ slug: string }> };
      const page = `/article/${list.articles[0].slug}`;
      const one = [`http://127.0.0.1:${basePort}${page}`, `http://127.0.0.1:${basePort}${page}`];
      const two = [
        `http://127.0.0.1:${basePort}${page}`,
        `http://127.0.0.1:${basePort + 1}${page}`,
      ];
      await loadAtOnce(two, options.warmupSeconds, 32);
      const ratios: number[] = [];
      const pairs: Array<{ one: number; two: number }> = [];
      for (let round = 1; round <= options.rounds; round += 1) {
        options.log(
          `two instances, cache ${ttl ? "on" : "off"} (round ${round} of ${options.rounds})`,
        );
        const single = await loadAtOnce(one, options.seconds, 32);
        const double = await loadAtOnce(two, options.seconds, 32);
        pairs.push({ one: single, two: double });
        ratios.push(double / single);
      }
      const sorted = [...ratios].sort((a, b) => a - b);
      const median = sorted[sorted.length >> 1];
      const middle = pairs[ratios.indexOf(median)];
      lines.push(
        `  article page, cache ${ttl ? "on " : "off"}: one instance ${middle.one.toFixed(0)} req/s, two ${middle.two.toFixed(0)} req/s = ${median.toFixed(2)}x (spread ${sorted[0].toFixed(2)}-${sorted[sorted.length - 1].toFixed(2)})`,
      );
    } finally {
      await stop(first);
      await stop(second);
    }
  }
  return lines.join("\n");
}
