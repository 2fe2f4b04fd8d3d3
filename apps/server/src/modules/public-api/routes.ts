import { limits } from "@aurumwire/shared/limits";
import {
  analyticsQuerySchema,
  analyticsResponseSchema,
  publicCategoryListResponseSchema,
  publicUserListResponseSchema,
  publicUsersQuerySchema,
} from "@aurumwire/shared/public-api";
import {
  publicSentimentQuerySchema,
  publicSentimentResponseSchema,
} from "@aurumwire/shared/sentiment";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppConfig } from "../../config";
import type { CounterStore } from "../../lib/counters";
import type { RateLimitRefusals } from "../../lib/rate-limit-refusals";
import apiKeyAuth from "../../plugins/api-key-auth";
import type { ApiKeysService } from "../api-keys/service";
import type { ArticleEditorService } from "../articles/editor-service";
import type { ArticlesService } from "../articles/service";
import type { SentimentService } from "../sentiment/service";
import { publicArticleRoutes } from "./article-routes";
import { renderDocsPage } from "./docs-page";
import { buildOpenApiDocument, type DocumentedRoute, type OpenApiDocument } from "./openapi";
import type { PublicApiService } from "./service";

export interface PublicApiOptions {
  config: AppConfig;
  apiKeys: ApiKeysService;
  counters: CounterStore;
  publicApi: PublicApiService;
  articles: ArticlesService;
  articleEditor: ArticleEditorService;
  sentiment: SentimentService;
  refusals?: RateLimitRefusals;
}

/**
 * The public content API for integrators, mounted at /public. Every route names the API key
 * permission it needs (config.apiKeyPermission) and how it is documented (config.docs); the
 * OpenAPI document and the docs page are generated from these same route definitions.
 */
export const publicApiRoutes: FastifyPluginAsyncZod<PublicApiOptions> = async (app, options) => {
  const { config, apiKeys, counters, publicApi, articles, articleEditor, sentiment, refusals } =
    options;
  const documented: DocumentedRoute[] = [];
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Open routes (docs) answer whatever key comes with them, one over its limit too.
    if (!(route.config as { apiKeyPermission?: string } | undefined)?.apiKeyPermission) {
      refusals?.allowWithoutKey(route.url.replace(/\/+$/, ""));
    }
    for (const method of methods) {
      documented.push({
        method,
        url: route.url,
        schema: route.schema as DocumentedRoute["schema"],
        config: route.config as DocumentedRoute["config"],
      });
    }
  });
  await app.register(apiKeyAuth, {
    apiKeys,
    counters,
    requestsPerMinute: limits.apiKeyRequestsPerMinute,
    refusals,
  });

  await app.register(publicArticleRoutes, { articles, editor: articleEditor, sentiment });

  app.get(
    "/categories",
    {
      config: {
        apiKeyPermission: "categories:read",
        docs: {
          tag: "Categories",
          summary: "List categories",
          description:
            "Active categories, flat, in display order, with the number of published articles in each (subcategories included).",
        },
      },
      schema: { response: { 200: publicCategoryListResponseSchema } },
    },
    async () => ({ categories: await publicApi.listCategories() }),
  );

  app.get(
    "/users",
    {
      config: {
        apiKeyPermission: "users:read",
        docs: {
          tag: "Authors",
          summary: "List authors",
          description:
            "Active staff with at least one published article, with public fields only (no email or account details).",
        },
      },
      schema: {
        querystring: publicUsersQuerySchema,
        response: { 200: publicUserListResponseSchema },
      },
    },
    async (request) => publicApi.listAuthors(request.query),
  );

  app.get(
    "/analytics",
    {
      config: {
        apiKeyPermission: "analytics:read",
        docs: {
          tag: "Analytics",
          summary: "Article views per day and per article",
          description:
            "Unique views (one per reader session) in a range of whole UTC days: every day of the range with its views, and the most viewed articles.",
        },
      },
      schema: { querystring: analyticsQuerySchema, response: { 200: analyticsResponseSchema } },
    },
    async (request) => ({ analytics: await publicApi.analytics(request.query) }),
  );

  app.get(
    "/sentiment",
    {
      config: {
        apiKeyPermission: "analytics:read",
        docs: {
          tag: "Analytics",
          summary: "News sentiment index, overall and per coin",
          description:
            "The AurumWire News Sentiment Index (0 Very Bearish to 100 Very Bullish) of our own articles and breaking news over the last 24 hours, its change against the 24 hours before, and 30 days of daily history; the same for each tracked coin (or one with ?coin=bitcoin). An index without coverage is null. Not investment advice.",
        },
      },
      schema: {
        querystring: publicSentimentQuerySchema,
        response: { 200: publicSentimentResponseSchema },
      },
    },
    async (request) => {
      const overview = await sentiment.overview();
      if (!request.query.coin) return { success: true as const, data: overview };
      const { coin } = await sentiment.coin(request.query.coin);
      return { success: true as const, data: { ...overview, coins: [coin] } };
    },
  );

  let document: OpenApiDocument | null = null;
  // Built on first use, when every route above (and in later registrations) is known.
  const openApiDocument = () => {
    document ??= buildOpenApiDocument(documented, {
      title: `${config.siteName} Public Content API`,
      version: "1.0.0",
      serverUrl: config.publicUrl,
      requestsPerMinute: limits.apiKeyRequestsPerMinute,
    });
    return document;
  };

  app.get("/openapi.json", async (_request, reply) => {
    reply.header("cache-control", "public, max-age=300");
    return openApiDocument();
  });

  let docsHtml: string | null = null;
  app.get("/docs", async (_request, reply) => {
    docsHtml ??= renderDocsPage(openApiDocument());
    reply.header("cache-control", "public, max-age=300");
    return reply.type("text/html; charset=utf-8").send(docsHtml);
  });

  const unknownRoute = (request: { method: string; url: string }) => ({
    error: `No public API route matches ${request.method} ${request.url.split("?")[0]}. See /public/docs.`,
    code: "route_not_found",
  });
  app.setNotFoundHandler((request, reply) => reply.status(404).send(unknownRoute(request)));
  // Without this, unknown /public paths would fall through to the web app's catch-all.
  app.all("/*", (request, reply) => reply.status(404).send(unknownRoute(request)));
};
