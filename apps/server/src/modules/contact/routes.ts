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
import { acceptPostedForms, postedByForm, sendMessagePage } from "../mail/message-page";
import type { ContactService } from "./service";

const thanks = "Thank you for your message! We'll get back to you soon.";

/**
 * The contact form's call (public) and the Messages screen's calls (admins). The form also works
 * without JavaScript (issue 33): it posts here and gets a page back, like the newsletter box.
 */
export const contactRoutes: FastifyPluginAsyncZod<{
  contact: ContactService;
  siteName: string;
}> = async (app, { contact, siteName }) => {
  acceptPostedForms(app, 64 * 1024);
  const back = { href: "/contact", label: "Back to the contact page" };
  app.post(
    "/messages",
    {
      schema: {
        body: contactMessageInputSchema,
        response: { 202: z.object({ message: z.string() }) },
      },
      // A form post without JavaScript gets its validation error as a page too.
      errorHandler: (error, request, reply) => {
        if (!postedByForm(request)) throw error;
        const status = (error as { statusCode?: number }).statusCode ?? 500;
        const message =
          status === 400
            ? "Please fill in your name, a valid e-mail address, a subject and your message, then send it again."
            : (error as Error).message;
        return sendMessagePage(reply, Math.min(status, 500), {
          siteName,
          title: "Message not sent",
          message,
          link: back,
        });
      },
    },
    async (request, reply) => {
      await contact.submit(request.body, request.ip);
      if (postedByForm(request)) {
        return sendMessagePage(reply, 200, {
          siteName,
          title: "Message sent",
          message: thanks,
          link: back,
        });
      }
      return reply.status(202).send({ message: thanks });
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
