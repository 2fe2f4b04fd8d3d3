import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { DatabaseHandle } from "../../db/client";
import { pingDatabase } from "../../db/maintenance";

/** For load balancers: 200 while the database answers, 503 when it does not. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  app.get("/health", async (_request, reply) => {
    try {
      await pingDatabase(database.db);
      return { status: "ok", database: "up", kind: database.kind };
    } catch {
      return reply
        .status(503)
        .send({ status: "unavailable", database: "down", kind: database.kind });
    }
  });
};
