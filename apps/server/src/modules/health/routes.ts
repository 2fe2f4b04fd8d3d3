import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { DatabaseHandle } from "../../db/client";

/** For load balancers: 200 while the database answers, 503 when it does not. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  app.get("/health", async (_request, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return { status: "ok", database: "up", kind: database.kind };
    } catch {
      return reply
        .status(503)
        .send({ status: "unavailable", database: "down", kind: database.kind });
    }
  });
};
