import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { DatabaseHandle } from "../../db/client";
import {
  checkDatabasePart,
  type DatabasePart,
  databaseParts,
  pingDatabase,
} from "../../db/maintenance";
import type { RedisHealth } from "../../lib/redis-connection";

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
 * failing parts; 503 "unavailable" when the database does not answer at all. A lost Redis is
 * reported (`redis`) without a 503: the instance still serves, on its own counters (221), and a
 * load balancer must not take every instance out because their shared Redis is away.
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  database: DatabaseHandle;
  redis?: RedisHealth | null;
}> = async (app, { database, redis }) => {
  async function run(check: Promise<void>): Promise<CheckResult> {
    try {
      const outcome = await withTimeout(check);
      return outcome === "timeout" ? "timeout" : "ok";
    } catch {
      return "failing";
    }
  }

  const redisReport = () => {
    if (!redis) return {};
    const state = redis.state();
    return state.status === "up"
      ? { redis: { status: "up" } }
      : {
          redis: {
            ...state,
            message:
              "Redis is unreachable: rate limits and lock-outs count on this instance only until it is back.",
          },
        };
  };

  app.get("/health", async (request, reply) => {
    const reachable = await run(pingDatabase(database.db));
    if (reachable !== "ok") {
      return reply
        .status(503)
        .send({ status: "unavailable", database: "down", kind: database.kind, ...redisReport() });
    }
    const names = databaseParts;
    const results = await Promise.all(
      names.map((name) => run(checkDatabasePart(database.db, name))),
    );
    const parts = Object.fromEntries(names.map((name, index) => [name, results[index]])) as Record<
      DatabasePart,
      CheckResult
    >;
    const failing = names.filter((name) => parts[name] !== "ok");
    if (failing.length === 0) {
      return { status: "ok", database: "up", kind: database.kind, parts, ...redisReport() };
    }
    request.log.warn({ failing, parts }, "health check: parts of the site are failing");
    return reply.status(503).send({
      status: "degraded",
      database: "up",
      kind: database.kind,
      parts,
      failing,
      ...redisReport(),
    });
  });
};
