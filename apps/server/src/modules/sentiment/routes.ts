import { articleIdParamsSchema } from "@aurumwire/shared/article-editor";
import { staffRoles } from "@aurumwire/shared/roles";
import {
  sentimentAnalyzeInputSchema,
  sentimentAnalyzeResponseSchema,
  storedArticleSentimentResponseSchema,
} from "@aurumwire/shared/sentiment";
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
    async (request) => ({
      data: { results: sentiment.analyze(request.body), engine: "offline" },
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
