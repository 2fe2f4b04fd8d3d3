import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { DatabaseHandle } from "../../db/client";

/**
 * One cheap read per part of the site that depends on the database, written like the queries
 * those parts run (decision 076): `select 1` alone answered "ok" over a damaged catalog while
 * search and login failed.
 */
const checks = {
  login: sql`select id from users where lower(email) = 'health-check@aurumwire.invalid' limit 1`,
  articles: sql`select id from articles where status = 'published' order by published_at desc nulls last limit 1`,
  search: sql`select id from articles where search_vector @@ websearch_to_tsquery('english', 'bitcoin') limit 1`,
  categories: sql`select id from categories limit 1`,
  apiKeys: sql`select id from api_keys limit 1`,
  siteSettings: sql`select 1 from site_settings limit 1`,
  news: sql`select 1 from news_items limit 1`,
} as const;

type CheckName = keyof typeof checks;
type CheckResult = "ok" | "failing" | "timeout";

const checkTimeoutMs = 3000;

function withTimeout<T>(work: Promise<T>): Promise<T | "timeout"> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), checkTimeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * For load balancers and operators: 200 while every part answers; 503 "degraded" naming the
 * failing parts; 503 "unavailable" when the database does not answer at all.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  async function run(query: ReturnType<typeof sql>): Promise<CheckResult> {
    try {
      const outcome = await withTimeout(database.db.execute(query));
      return outcome === "timeout" ? "timeout" : "ok";
    } catch {
      return "failing";
    }
  }

  app.get("/health", async (request, reply) => {
    const reachable = await run(sql`select 1`);
    if (reachable !== "ok") {
      return reply
        .status(503)
        .send({ status: "unavailable", database: "down", kind: database.kind });
    }
    const names = Object.keys(checks) as CheckName[];
    const results = await Promise.all(names.map((name) => run(checks[name])));
    const parts = Object.fromEntries(names.map((name, index) => [name, results[index]])) as Record<
      CheckName,
      CheckResult
    >;
    const failing = names.filter((name) => parts[name] !== "ok");
    if (failing.length === 0) return { status: "ok", database: "up", kind: database.kind, parts };
    request.log.warn({ failing, parts }, "health check: parts of the site are failing");
    return reply
      .status(503)
      .send({ status: "degraded", database: "up", kind: database.kind, parts, failing });
  });
};
