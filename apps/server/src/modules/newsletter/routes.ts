import {
  newsletterSettingsSchema,
  newsletterSubscribeResponseSchema,
  newsletterSubscribeSchema,
  newsletterTokenQuerySchema,
  subscriberIdParamsSchema,
  subscriberListQuerySchema,
  subscriberListResponseSchema,
} from "@aurumwire/shared/newsletter";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { acceptPostedForms, postedByForm, sendMessagePage } from "../mail/message-page";
import type { NewsletterService } from "./service";

/**
 * The Daily Newsletter's HTTP side (decision 122): the public subscribe call and the links of its
 * e-mails, and the Subscribers screen's calls for admins.
 */
export const newsletterRoutes: FastifyPluginAsyncZod<{
  newsletter: NewsletterService;
  siteName: string;
}> = async (app, { newsletter, siteName }) => {
  // Only in this plugin: the newsletter box's form posted without JavaScript.
  acceptPostedForms(app, 4096);
  // The links of the mails answer a small HTML page (mail/message-page.ts), never JSON.
  const pageAnswers = { 200: z.string() };
  const page = (reply: FastifyReply, status: number, title: string, message: string) =>
    sendMessagePage(reply, status, { siteName, title, message });

  app.post(
    "/subscribe",
    {
      schema: {
        body: newsletterSubscribeSchema,
        response: { 200: newsletterSubscribeResponseSchema },
      },
      // A form post without JavaScript gets its validation error as a page too.
      errorHandler: (error, request, reply) => {
        if (!postedByForm(request)) throw error;
        const status = (error as { statusCode?: number }).statusCode ?? 500;
        const message =
          status === 400 ? "Please enter a valid email address." : (error as Error).message;
        return page(reply, Math.min(status, 500), "Subscription not saved", message);
      },
    },
    async (request, reply) => {
      const answer = await newsletter.subscribe(request.body.email, request.ip);
      if (postedByForm(request)) return page(reply, 200, "Daily Newsletter", answer.message);
      return answer;
    },
  );

  app.get(
    "/confirm",
    { schema: { querystring: newsletterTokenQuerySchema, response: pageAnswers } },
    async (request, reply) => {
      const outcome = await newsletter.confirm(request.query.token);
      if (outcome === "confirmed" || outcome === "already") {
        return page(
          reply,
          200,
          "Subscription confirmed",
          "You will get the Daily Newsletter with the day's top stories. Every issue has a one-click unsubscribe link.",
        );
      }
      return page(
        reply,
        400,
        outcome === "expired" ? "This link has expired" : "This link does not work",
        outcome === "expired"
          ? "Confirmation links work for 7 days. Subscribe again to get a new one."
          : "It may be incomplete or replaced by a newer e-mail. Subscribe again to get a new link.",
      );
    },
  );

  // GET: the link in the mail; POST: the one-click button mail clients show (RFC 8058).
  const unsubscribe = async (token: string, reply: FastifyReply) => {
    const outcome = await newsletter.unsubscribe(token);
    if (outcome === "unsubscribed") {
      return page(
        reply,
        200,
        "You are unsubscribed",
        "You will get no more Daily Newsletter e-mails. You can subscribe again at any time.",
      );
    }
    return page(
      reply,
      400,
      "This link does not work",
      "It may be incomplete. Use the unsubscribe link of the newest newsletter e-mail.",
    );
  };
  app.get(
    "/unsubscribe",
    { schema: { querystring: newsletterTokenQuerySchema, response: pageAnswers } },
    (request, reply) => unsubscribe(request.query.token, reply),
  );
  app.post(
    "/unsubscribe",
    { schema: { querystring: newsletterTokenQuerySchema, response: pageAnswers } },
    (request, reply) => unsubscribe(request.query.token, reply),
  );

  const adminsOnly = app.requireRoles(["admin"], "manage newsletter subscribers");

  app.get(
    "/subscribers",
    {
      preHandler: adminsOnly,
      schema: {
        querystring: subscriberListQuerySchema,
        response: { 200: subscriberListResponseSchema },
      },
    },
    async (request) => newsletter.list(request.query),
  );

  app.get(
    "/subscribers/export",
    { preHandler: adminsOnly, schema: { response: { 200: z.string() } } },
    async (_request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="newsletter-subscribers-${day}.csv"`)
        .header("cache-control", "no-store")
        .send(await newsletter.exportCsv());
    },
  );

  app.delete(
    "/subscribers/:id",
    {
      preHandler: adminsOnly,
      schema: { params: subscriberIdParamsSchema, response: { 204: z.undefined() } },
    },
    async (request, reply) => {
      await newsletter.remove(request.params.id);
      return reply.status(204).send();
    },
  );

  app.put(
    "/settings",
    {
      preHandler: adminsOnly,
      schema: {
        body: newsletterSettingsSchema,
        response: { 200: z.object({ data: newsletterSettingsSchema }) },
      },
    },
    async (request) => ({
      data: await newsletter.updateSettings(request.body, request.user!.id),
    }),
  );
};
