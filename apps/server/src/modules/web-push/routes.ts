import {
  pushSubscribeRequestSchema,
  pushUnsubscribeRequestSchema,
} from "@aurumwire/shared/web-push";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { WebPushService } from "./service";

/**
 * Breaking-news alerts (decision 237), under /api/push: the VAPID public key for the browser's
 * `pushManager.subscribe`, and turning alerts on (with topics) and off. No account needed: the
 * push endpoint, known only to the browser and its push service, is the subscription's identity.
 */
export const webPushRoutes: FastifyPluginAsyncZod<{ webPush: WebPushService }> = async (
  app,
  { webPush },
) => {
  app.get("/key", async (_request, reply) => {
    reply.header("cache-control", "no-cache");
    return webPush.key();
  });

  app.post(
    "/subscriptions",
    { schema: { body: pushSubscribeRequestSchema } },
    async (request, reply) => {
      await webPush.subscribe(request.body);
      return reply.status(201).send({ subscribed: true, topics: request.body.topics });
    },
  );

  app.delete(
    "/subscriptions",
    { schema: { body: pushUnsubscribeRequestSchema } },
    async (request, reply) => {
      await webPush.unsubscribe(request.body.endpoint);
      return reply.status(204).send();
    },
  );
};
