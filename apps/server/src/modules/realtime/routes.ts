import { errorResponseSchema } from "@aurumwire/shared/errors";
import { streamQuerySchema } from "@aurumwire/shared/realtime";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { StreamHub } from "./stream-hub";

/**
 * GET /api/stream: Server-Sent Events with `prices`, `breaking` and `live-update` (decision 231).
 * The 200 answer is a text/event-stream written by the hub; only refusals go through Fastify.
 */
export const realtimeRoutes: FastifyPluginAsyncZod<{ hub: StreamHub }> = async (app, { hub }) => {
  app.get(
    "/stream",
    {
      schema: {
        querystring: streamQuerySchema,
        response: { 429: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const admitted = hub.admit(request.ip);
      if (!admitted.ok) {
        reply.header("retry-after", String(admitted.retryAfterSeconds));
        reply.header("cache-control", "no-store");
        return reply.status(admitted.status).send({ error: admitted.error, code: admitted.code });
      }
      const header = request.headers["last-event-id"];
      const lastEventId =
        (typeof header === "string" && header.length <= 40 ? header : null) ??
        request.query.lastEventId ??
        null;
      reply.hijack();
      hub.open(reply.raw, request.ip, lastEventId);
    },
  );
};
