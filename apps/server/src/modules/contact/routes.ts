import {
  contactIdParamsSchema,
  contactListQuerySchema,
  contactListResponseSchema,
  contactMessageInputSchema,
  contactMessageSchema,
  contactStatusUpdateSchema,
} from "@aurumwire/shared/contact";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ContactService } from "./service";

/** The contact form's call (public) and the Messages screen's calls (admins). */
export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (
  app,
  { contact },
) => {
  app.post(
    "/messages",
    {
      schema: {
        body: contactMessageInputSchema,
        response: { 202: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      await contact.submit(request.body, request.ip);
      return reply
        .status(202)
        .send({ message: "Thank you for your message! We'll get back to you soon." });
    },
  );

  const adminsOnly = app.requireRoles(["admin"], "read contact messages");

  app.get(
    "/messages",
    {
      preHandler: adminsOnly,
      schema: { querystring: contactListQuerySchema, response: { 200: contactListResponseSchema } },
    },
    async (request) => contact.list(request.query),
  );

  app.put(
    "/messages/:id",
    {
      preHandler: adminsOnly,
      schema: {
        params: contactIdParamsSchema,
        body: contactStatusUpdateSchema,
        response: { 200: z.object({ data: contactMessageSchema }) },
      },
    },
    async (request) => ({
      data: await contact.setStatus(request.params.id, request.body.status),
    }),
  );
};
