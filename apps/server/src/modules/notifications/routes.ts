import { notificationsResponseSchema } from "@aurumwire/shared/notifications";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { privateNoStore } from "../../lib/private-answers";
import type { NotificationsService } from "./service";

/** GET /api/notifications: the signed-in account's own notifications (the header's bell). */
export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
}> = async (app, { notifications }) => {
  app.get(
    "/notifications",
    {
      preHandler: [app.requireUser, privateNoStore],
      schema: { response: { 200: notificationsResponseSchema } },
    },
    async (request) => ({ notifications: await notifications.forUser(request.user!) }),
  );
};
