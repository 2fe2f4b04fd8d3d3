import {
  generateArticleRequestSchema,
  generateArticleResponseSchema,
  newsTickerResponseSchema,
} from "@aurumwire/shared/news";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { BreakingNewsService } from "./service";

/**
 * /api/news: the breaking-news ticker and the brief generator behind its links. Generating is open
 * to every visitor (the home ticker calls it for anyone): see docs/decisions/060.
 */
export const breakingNewsRoutes: FastifyPluginAsyncZod<{
  breakingNews: BreakingNewsService;
}> = async (app, { breakingNews }) => {
  app.get(
    "/ticker",
    { schema: { response: { 200: newsTickerResponseSchema } } },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=30, s-maxage=30, stale-while-revalidate=60");
      return breakingNews.getTicker();
    },
  );

  app.post(
    "/generate-article",
    {
      schema: {
        body: generateArticleRequestSchema,
        response: { 200: generateArticleResponseSchema },
      },
    },
    async (request) => {
      const result = await breakingNews.generateArticle(request.body.newsId, request.ip);
      return { success: true as const, article: { slug: result.slug }, created: result.created };
    },
  );
};
