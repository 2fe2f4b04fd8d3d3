import { viewSourceSchema } from "@aurumwire/shared/analytics";
import {
  articleListOnlySchema,
  articleListQuerySchema,
  articleListResponseSchema,
  articleSchema,
  featuredQuerySchema,
  likeResponseSchema,
  popularQuerySchema,
  relatedArticlesResponseSchema,
  relatedQuerySchema,
  trendingQuerySchema,
  viewResponseSchema,
  viewSessionIdSchema,
} from "@aurumwire/shared/articles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { addEtags, preparedJson, sendPrepared } from "../../lib/etag";
import type { ArticlesService } from "./service";

const articleAnswerSchema = z.object({ article: articleSchema });
/** Cached reads give anonymous readers the same objects: their JSON is made once (lib/etag). */
const listJson = preparedJson(articleListResponseSchema);
const articleJson = preparedJson(articleAnswerSchema);

const slugOrIdParams = z.object({
  slugOrId: z.string().trim().min(1).max(200),
});

/** The read side of /api/articles: lists, one article, trending, related, views and likes. */
export const articleReadRoutes: FastifyPluginAsyncZod<{ articles: ArticlesService }> = async (
  app,
  { articles },
) => {
  addEtags(app);

  app.get(
    "/",
    {
      preHandler: app.optionalUser,
      schema: { querystring: articleListQuerySchema, response: { 200: articleListResponseSchema } },
    },
    async (request, reply) => {
      const answer = await articles.list(request.query, request.user);
      return sendPrepared(
        reply,
        listJson(answer, () => answer),
      );
    },
  );

  app.get(
    "/trending",
    { schema: { querystring: trendingQuerySchema, response: { 200: articleListOnlySchema } } },
    async (request) => ({ articles: await articles.trending(request.query.limit) }),
  );

  app.get(
    "/featured",
    { schema: { querystring: featuredQuerySchema, response: { 200: articleListOnlySchema } } },
    async (request) => ({ articles: await articles.featured(request.query.limit) }),
  );

  app.get(
    "/popular",
    { schema: { querystring: popularQuerySchema, response: { 200: articleListOnlySchema } } },
    async (request) => ({
      articles: await articles.popular(request.query.limit, request.query.timeframe),
    }),
  );

  app.get(
    "/:slugOrId",
    {
      preHandler: app.optionalUser,
      schema: { params: slugOrIdParams, response: { 200: articleAnswerSchema } },
    },
    async (request, reply) => {
      const article = await articles.get(request.params.slugOrId, request.user);
      return sendPrepared(
        reply,
        articleJson(article, () => ({ article })),
      );
    },
  );

  app.get(
    "/:slugOrId/related",
    {
      preHandler: app.optionalUser,
      schema: {
        params: slugOrIdParams,
        querystring: relatedQuerySchema,
        response: { 200: relatedArticlesResponseSchema },
      },
    },
    async (request) => articles.related(request.params.slugOrId, request.query.limit, request.user),
  );

  app.post(
    "/:slugOrId/view",
    {
      preHandler: app.optionalUser,
      schema: {
        params: slugOrIdParams,
        headers: z.object({ "x-session-id": viewSessionIdSchema }),
        body: viewSourceSchema,
        response: { 200: viewResponseSchema },
      },
    },
    async (request, reply) => {
      // X-Session-ID stays part of the contract (spec) but is not trusted: the server decides
      // who the visitor is (decision 074).
      const { setCookie, ...result } = await articles.recordView(
        request.params.slugOrId,
        {
          address: request.ip,
          userAgent: request.headers["user-agent"],
          cookieHeader: request.headers.cookie,
          source: request.body ?? undefined,
          host: request.hostname,
        },
        request.user,
      );
      if (setCookie) reply.header("set-cookie", setCookie);
      return result;
    },
  );

  app.get(
    "/:slugOrId/like",
    {
      preHandler: app.optionalUser,
      schema: { params: slugOrIdParams, response: { 200: likeResponseSchema } },
    },
    async (request) => articles.likeState(request.params.slugOrId, request.user),
  );

  app.post(
    "/:slugOrId/like",
    {
      preHandler: app.requireUser,
      schema: { params: slugOrIdParams, response: { 200: likeResponseSchema } },
    },
    async (request) => articles.toggleLike(request.params.slugOrId, request.user),
  );
};
