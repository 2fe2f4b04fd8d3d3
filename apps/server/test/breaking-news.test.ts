import { fallbackHeadlines } from "@aurumwire/shared/news";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles } from "../src/db/schema";
import { buildTestApp } from "./helpers";

describe("breaking news without feeds", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("serves the 4 built-in fallback headlines", async () => {
    const response = await app.inject({ method: "GET", url: "/api/news/ticker" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe("success");
    expect(body.origin).toBe("fallback");
    expect(body.news).toHaveLength(4);
    expect(body.news[0]).toEqual({
      id: "fallback-1",
      title: fallbackHeadlines[0].title,
      articleSlug: null,
      source: "AurumWire",
      tags: fallbackHeadlines[0].tags,
      // An explainer headline reads neutral (issue 30: the ticker marks only bullish and bearish).
      sentiment: "neutral",
    });
  });

  it("makes an article from a fallback headline once and links the ticker to it", async () => {
    const first = await app.inject({
      method: "POST",
      url: "/api/news/generate-article",
      payload: { newsId: "fallback-2", title: "ignored", source: "ignored", tags: ["x"] },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      article: { slug: "ethereum-and-smart-contracts-what-they-are-and-why-they-matter" },
      created: true,
    });
    const again = await app.inject({
      method: "POST",
      url: "/api/news/generate-article",
      payload: { newsId: "fallback-2" },
    });
    expect(again.json()).toMatchObject({ article: first.json().article, created: false });

    const ticker = await app.inject({ method: "GET", url: "/api/news/ticker" });
    const item = ticker.json().news.find((entry: { id: string }) => entry.id === "fallback-2");
    expect(item.articleSlug).toBe(first.json().article.slug);

    const [article] = await app.database.db
      .select()
      .from(articles)
      .where(eq(articles.slug, first.json().article.slug));
    expect(article.title).toBe(fallbackHeadlines[1].title);
    expect(article.status).toBe("published");
    expect(article.content).toContain("AurumWire brief");
    expect(article.content).toContain('href="/category/ethereum"');
    expect(article.content).not.toContain("ignored");
  });

  it("drops cached public pages when a brief is published, and not when it already existed", async () => {
    const cache = app.services.pageCache;
    const page = { status: 200, headers: {}, body: Buffer.from("<html>before</html>") };
    // The home shows the article lists, so its copy carries their tag.
    cache.setPage("/", page, cache.generation, ["articles"]);
    const created = await app.inject({
      method: "POST",
      url: "/api/news/generate-article",
      payload: { newsId: "fallback-3" },
    });
    expect(created.json().created).toBe(true);
    expect(cache.getPage("/")).toBeUndefined();

    cache.setPage("/", page, cache.generation, ["articles"]);
    const again = await app.inject({
      method: "POST",
      url: "/api/news/generate-article",
      payload: { newsId: "fallback-3" },
    });
    expect(again.json().created).toBe(false);
    expect(cache.getPage("/")?.body.toString()).toBe("<html>before</html>");
  });

  it("refuses ids that are neither stored items nor built-in headlines", async () => {
    const unknown = await app.inject({
      method: "POST",
      url: "/api/news/generate-article",
      payload: { newsId: "987654" },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("news_item_not_found");

    const unknownFallback = await app.inject({
      method: "POST",
      url: "/api/news/generate-article",
      payload: { newsId: "fallback-9" },
    });
    expect(unknownFallback.statusCode).toBe(404);

    const malformed = await app.inject({
      method: "POST",
      url: "/api/news/generate-article",
      payload: { newsId: "../../etc", title: "x" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe("validation_failed");
    expect(malformed.json().fields.newsId).toBeDefined();

    // Larger than any stored id could be: refused before it reaches the database.
    const huge = await app.inject({
      method: "POST",
      url: "/api/news/generate-article",
      payload: { newsId: "999999999999" },
    });
    expect(huge.statusCode).toBe(400);

    const missing = await app.inject({
      method: "POST",
      url: "/api/news/generate-article",
      payload: { title: "Only a title" },
    });
    expect(missing.statusCode).toBe(400);
  });
});
