import {
  articleIdParamsSchema,
  articleResponseSchema,
  articleUpdateSchema,
} from "@aurumwire/shared/article-editor";
import { articleInputSchema, articleListQuerySchema } from "@aurumwire/shared/articles";
import {
  publicArticleListResponseSchema,
  publicArticleResponseSchema,
} from "@aurumwire/shared/sentiment";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AuthenticatedApiKey } from "../api-keys/service";
import type { ArticleEditorService } from "../articles/editor-service";
import type { ArticlesService } from "../articles/service";
import type { SentimentService } from "../sentiment/service";

/**
 * Named `id` like the PUT and DELETE routes on the same path: OpenAPI holds one path template per
 * path, and `/articles/{slugOrId}` beside `/articles/{id}` is two templates for one path.
 */
const slugOrIdParams = z.object({
  id: z.string().trim().min(1).max(200).describe("The article's numeric id, or its slug"),
});

const writeRules =
  "The article is written as the key's owner, with the dashboard's validation and HTML sanitizing. Authors may write drafts and change their own articles; publishing, featuring and changing other people's articles need an editor's or admin's key.";

const visibilityNote =
  "Without `status`, only published articles readers can see are listed. With `status`, the key's owner sees what they may see in the dashboard: editors and admins every article, authors published ones plus their own.";

const sentimentNote =
  "Keys that also hold analytics:read get each article's news sentiment in `sentiment` (overall and per coin).";

/**
 * Article routes of the public API. They call the same services as the site and the dashboard,
 * acting as the key's owner, so visibility, validation, sanitizing and permissions are the same.
 */
export const publicArticleRoutes: FastifyPluginAsyncZod<{
  articles: ArticlesService;
  editor: ArticleEditorService;
  sentiment: SentimentService;
}> = async (app, { articles, editor, sentiment }) => {
  /** Adds `sentiment` to each article for a key with analytics:read (issue 30); others unchanged. */
  async function withSentiment<T extends { id: number }>(
    key: AuthenticatedApiKey,
    list: T[],
  ): Promise<(T & { sentiment?: Awaited<ReturnType<SentimentService["articleSentiment"]>> })[]> {
    if (!key.permissions.includes("analytics:read")) return list;
    const stored = await sentiment.forArticles(list.map((article) => article.id));
    return list.map((article) => ({ ...article, sentiment: stored.get(article.id) ?? null }));
  }

  app.get(
    "/articles",
    {
      config: {
        apiKeyPermission: "articles:read",
        docs: {
          tag: "Articles",
          summary: "List articles",
          description: `Newest first by default; filter by category, tag, featured, premium or author, search the text, sort and page. ${visibilityNote} ${sentimentNote}`,
        },
      },
      schema: {
        querystring: articleListQuerySchema,
        response: { 200: publicArticleListResponseSchema },
      },
    },
    async (request) => {
      const page = await articles.list(request.query, request.apiKey!.owner);
      return { ...page, articles: await withSentiment(request.apiKey!, page.articles) };
    },
  );

  app.get(
    "/articles/:id",
    {
      config: {
        apiKeyPermission: "articles:read",
        docs: {
          tag: "Articles",
          summary: "Get one article",
          description: `The article with its sanitized HTML body, by slug or id. Drafts are found only for a key whose owner may see them. ${sentimentNote}`,
        },
      },
      schema: { params: slugOrIdParams, response: { 200: publicArticleResponseSchema } },
    },
    async (request) => {
      const article = await articles.get(request.params.id, request.apiKey!.owner);
      const [withField] = await withSentiment(request.apiKey!, [article]);
      return { article: withField! };
    },
  );

  app.post(
    "/articles",
    {
      config: {
        apiKeyPermission: "articles:create",
        docs: { tag: "Articles", summary: "Create an article", description: writeRules },
      },
      schema: { body: articleInputSchema, response: { 201: articleResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ article: await editor.create(request.apiKey!.owner, request.body) }),
  );

  app.put(
    "/articles/:id",
    {
      config: {
        apiKeyPermission: "articles:update",
        docs: {
          tag: "Articles",
          summary: "Update an article",
          description: `Send only the fields to change. ${writeRules}`,
          body: articleInputSchema.partial(),
        },
      },
      schema: {
        params: articleIdParamsSchema,
        body: articleUpdateSchema,
        response: { 200: articleResponseSchema },
      },
    },
    async (request) => ({
      article: await editor.update(request.apiKey!.owner, request.params.id, request.body),
    }),
  );

  app.delete(
    "/articles/:id",
    {
      config: {
        apiKeyPermission: "articles:delete",
        docs: { tag: "Articles", summary: "Delete an article", description: writeRules },
      },
      schema: {
        params: articleIdParamsSchema,
        response: { 200: z.object({ deleted: z.literal(true), id: z.number() }) },
      },
    },
    async (request) => {
      await editor.remove(request.apiKey!.owner, request.params.id);
      return { deleted: true as const, id: request.params.id };
    },
  );
};
