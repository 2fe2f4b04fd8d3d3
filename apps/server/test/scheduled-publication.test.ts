import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles } from "../src/db/schema";
import { buildTestApp, loginAs } from "./helpers";
import { createArticle, createCategory, type Headers } from "./newsroom-fixtures";

/** Decision 132: a scheduled article goes out on time, and the cached pages and feeds follow. */

let app: FastifyInstance;
let editor: Headers;
let categoryId: number;

beforeAll(async () => {
  // The page cache on, as in production: what the job must drop is really kept.
  app = await buildTestApp({ pageCacheTtlSeconds: 600 });
  editor = await loginAs(app, "editor");
  categoryId = (await createCategory(app, editor)).id;
});
afterAll(async () => {
  await app?.close();
});

const rss = async () => (await app.inject({ method: "GET", url: "/rss.xml" })).body;
const publicList = async () =>
  (await app.inject({ method: "GET", url: "/api/articles?limit=100" })).json().articles as Array<{
    id: number;
  }>;

describe("scheduled publication", () => {
  it("keeps a future-dated article out until its time, then drops the cached feed and lists", async () => {
    const inAnHour = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const article = await createArticle(app, editor, categoryId, {
      title: `Scheduled halving preview ${Date.now().toString(36)}`,
      status: "published",
      publishedAt: inAnHour,
    });
    expect(article.status).toBe("published");
    expect(article.publishedAt).toBe(inAnHour);

    // Not public yet, and the answers without it are now cached.
    expect(await rss()).not.toContain(article.title);
    expect((await publicList()).some((item) => item.id === article.id)).toBe(false);
    const page = await app.inject({ method: "GET", url: `/api/articles/${article.slug}` });
    expect(page.statusCode).toBe(404);

    // Its moment comes (the clock passes it; nothing in the newsroom changes).
    await app.database.db
      .update(articles)
      .set({ publishedAt: new Date(Date.now() - 1000) })
      .where(eq(articles.id, article.id));
    // Without the job the cache still answers from before.
    expect(await rss()).not.toContain(article.title);

    expect(await app.jobs.runNow("articles:scheduled-publication")).toBe("ran");
    expect(await rss()).toContain(article.title);
    expect((await publicList()).some((item) => item.id === article.id)).toBe(true);
    const published = await app.inject({ method: "GET", url: `/api/articles/${article.slug}` });
    expect(published.statusCode).toBe(200);
  });
});
