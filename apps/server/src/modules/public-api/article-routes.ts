import {
  articleListQuerySchema,
  articleListResponseSchema,
  articleSchema,
} from "@aurumwire/shared/articles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ArticlesService } from "../articles/service";

const slugOrIdParams = z.object({
  slugOrId: z.string().trim().min(1).max(200).describe("The article's slug or numeric id"),
});

const visibilityNote =
  "Without `status`, only published articles readers can see are listed. With `status`, the key's owner sees what they may see in the dashboard: editors and admins every article, authors published ones plus their own.";

/**
 * Article routes of the public API. They call the same services as the site and the dashboard,
 * acting as the key's owner, so visibility, validation, sanitizing and permissions are the same.
 */
export const publicArticleRoutes: FastifyPluginAsyncZod<{ articles: ArticlesService }> = async (
  app,
  { articles },
) => {
  app.get(
    "/articles",
    {
      config: {
        apiKeyPermission: "articles:read",
        docs: {
          tag: "Articles",
          summary: "List articles",
          description: `Newest first by default; filter by category, tag, featured, premium or author, search the text, sort and page. ${visibilityNote}`,
        },
      },
      schema: { querystring: articleListQuerySchema, response: { 200: articleListResponseSchema } },
    },
    async (request) => articles.list(request.query, request.apiKey!.owner),
  );

  app.get(
    "/articles/:slugOrId",
    {
      config: {
        apiKeyPermission: "articles:read",
        docs: {
          tag: "Articles",
          summary: "Get one article",
          description:
            "The article with its sanitized HTML body, by slug or id. Drafts are found only for a key whose owner may see them.",
        },
      },
      schema: { params: slugOrIdParams, response: { 200: z.object({ article: articleSchema }) } },
    },
    async (request) => ({
      article: await articles.get(request.params.slugOrId, request.apiKey!.owner),
    }),
  );
};
