import { articleIdParamsSchema } from "@aurumwire/shared/article-editor";
import { staffRoles } from "@aurumwire/shared/roles";
import {
  sentimentAnalyzeInputSchema,
  sentimentAnalyzeResponseSchema,
  storedArticleSentimentResponseSchema,
} from "@aurumwire/shared/sentiment";
import {
  sentimentEngineResponseSchema,
  sentimentEngineUpdateSchema,
} from "@aurumwire/shared/sentiment-engine";
import { sentimentTrendsResponseSchema } from "@aurumwire/shared/sentiment-trends";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { SentimentService } from "./service";

/** The one entry point for any text (decision 193): staff, and the editor's panel. */
export const sentimentRoutes: FastifyPluginAsyncZod<{ sentiment: SentimentService }> = async (
  app,
  { sentiment },
) => {
  app.post(
    "/analyze",
    {
      preHandler: app.requireRoles(staffRoles, "analyse the sentiment of a text"),
      schema: {
        body: sentimentAnalyzeInputSchema,
        response: { 200: sentimentAnalyzeResponseSchema },
      },
    },
    async (request) => ({ data: await sentiment.analyze(request.user!, request.body) }),
  );

  // Which classifier scores sentiment (decision 260): staff read it, editors and admins switch.
  app.get(
    "/engine",
    {
      preHandler: app.requireRoles(staffRoles, "read the sentiment engine"),
      schema: { response: { 200: sentimentEngineResponseSchema } },
    },
    async (request) => ({ data: await sentiment.engineSetting(request.user!) }),
  );

  app.put(
    "/engine",
    {
      preHandler: app.requireRoles(["admin", "editor"], "switch the sentiment engine"),
      schema: {
        body: sentimentEngineUpdateSchema,
        response: { 200: sentimentEngineResponseSchema },
      },
    },
    async (request) => ({
      data: await sentiment.updateEngine(request.user!, request.body.engine),
    }),
  );

  app.get(
    "/articles/:id",
    {
      preHandler: app.requireRoles(staffRoles, "read the stored sentiment of an article"),
      schema: {
        params: articleIdParamsSchema,
        response: { 200: storedArticleSentimentResponseSchema },
      },
    },
    async (request) => ({ data: await sentiment.storedForArticle(request.params.id) }),
  );

  app.get(
    "/trends",
    {
      preHandler: app.requireRoles(staffRoles, "read sentiment analytics"),
      schema: { response: { 200: sentimentTrendsResponseSchema } },
    },
    async () => ({ data: await sentiment.trends() }),
  );
};
