import { notificationsResponseSchema } from "@aurumwire/shared/notifications";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { NotificationsService } from "./service";

/** GET /api/notifications: the signed-in account's own notifications (the header's bell). */
export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
}> = async (app, { notifications }) => {
  app.get(
    "/notifications",
    {
      preHandler: app.requireUser,
      schema: { response: { 200: notificationsResponseSchema } },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return { notifications: await notifications.forUser(request.user!) };
    },
  );
};
