import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { articles } from "../src/db/schema";
import { insertArticle } from "./article-fixtures";
import {
  adminId,
  app,
  authorHeaders,
  authorId,
  desk,
  deskChild,
  editorHeaders,
  editorId,
  hiddenDesk,
  hour,
  list,
  readerHeaders,
  useReadingDesk,
} from "./articles-read-setup";

useReadingDesk();

describe("GET /api/articles visibility", () => {
  let published: number;
  let draft: number;
  let future: number;
  let inactive: number;
  let archived: number;
  let authorDraft: number;

  beforeAll(async () => {
    const base = { categoryId: desk.id, authorId: adminId };
    published = (await insertArticle(app, { ...base, title: "Visible published desk story" })).id;
    draft = (
      await insertArticle(app, {
        ...base,
        title: "Unpublished draft desk story",
        status: "draft",
        publishedAt: null,
      })
    ).id;
    future = (
      await insertArticle(app, {
        ...base,
        title: "Scheduled future desk story",
        publishedAt: new Date(Date.now() + 48 * hour),
      })
    ).id;
    inactive = (
      await insertArticle(app, { ...base, title: "Inactive desk story", isActive: false })
    ).id;
    archived = (
      await insertArticle(app, { ...base, title: "Archived desk story", status: "archived" })
    ).id;
    authorDraft = (
      await insertArticle(app, {
        categoryId: desk.id,
        authorId,
        title: "The author's own draft desk story",
        status: "draft",
        publishedAt: null,
      })
    ).id;
  });

  it("shows anonymous readers only published, active articles whose date has come", async () => {
    const response = await list(`categorySlug=${desk.slug}&limit=50`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const ids = body.articles.map((article: { id: number }) => article.id);
    expect(ids).toContain(published);
    for (const hidden of [draft, future, inactive, archived, authorDraft])
      expect(ids).not.toContain(hidden);
    expect(body.pagination).toEqual({ page: 1, limit: 50, total: ids.length, totalPages: 1 });
    // Lists are lean: no bodies.
    expect(body.articles[0].content).toBeUndefined();
    expect(body.articles[0].category).toEqual({
      id: desk.id,
      name: "Test Desk",
      slug: "test-desk",
      color: "#123456",
    });
    expect(body.articles[0].author).toMatchObject({ firstName: "Ada", lastName: "Aurum" });
  });

  it("never shows drafts to anonymous readers or plain users, even when asked", async () => {
    for (const headers of [{}, readerHeaders]) {
      const response = await list(`categorySlug=${desk.slug}&status=draft`, headers);
      expect(response.statusCode).toBe(200);
      expect(response.json().articles).toEqual([]);
    }
  });

  it("shows drafts to editors when they ask for a status", async () => {
    const drafts = (await list(`categorySlug=${desk.slug}&status=draft`, editorHeaders)).json();
    expect(drafts.articles.map((article: { id: number }) => article.id).sort()).toEqual(
      [draft, authorDraft].sort(),
    );
    const all = (await list(`categorySlug=${desk.slug}&status=all&limit=50`, editorHeaders)).json();
    expect(all.articles.map((article: { id: number }) => article.id)).toEqual(
      expect.arrayContaining([published, draft, future, inactive, archived, authorDraft]),
    );
    // Without a status, a signed-in editor browsing the site sees what readers see.
    const browsing = (await list(`categorySlug=${desk.slug}&limit=50`, editorHeaders)).json();
    expect(browsing.articles.map((article: { id: number }) => article.id)).not.toContain(draft);
  });

  it("shows authors their own drafts but not other people's", async () => {
    const drafts = (await list(`categorySlug=${desk.slug}&status=draft`, authorHeaders)).json();
    expect(drafts.articles.map((article: { id: number }) => article.id)).toEqual([authorDraft]);
  });

  it("answers one article by slug or id, and 404 for what readers may not see", async () => {
    const bySlug = await app.inject({
      method: "GET",
      url: "/api/articles/visible-published-desk-story-1",
    });
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json().article.content).toContain("Body of Visible published desk story");
    const byId = await app.inject({ method: "GET", url: `/api/articles/${published}` });
    expect(byId.json().article.id).toBe(published);
    for (const hidden of [draft, future, inactive, archived]) {
      const response = await app.inject({ method: "GET", url: `/api/articles/${hidden}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        error: "Article not found",
        code: "article_not_found",
      });
    }
    const asEditor = await app.inject({
      method: "GET",
      url: `/api/articles/${draft}`,
      headers: editorHeaders,
    });
    expect(asEditor.statusCode).toBe(200);
    const otherDraftAsAuthor = await app.inject({
      method: "GET",
      url: `/api/articles/${draft}`,
      headers: authorHeaders,
    });
    expect(otherDraftAsAuthor.statusCode).toBe(404);
    const ownDraftAsAuthor = await app.inject({
      method: "GET",
      url: `/api/articles/${authorDraft}`,
      headers: authorHeaders,
    });
    expect(ownDraftAsAuthor.statusCode).toBe(200);
  });

  it("hides an article from readers until its scheduled date", async () => {
    const scheduled = await insertArticle(app, {
      authorId: adminId,
      categoryId: desk.id,
      title: "Publishes itself in a moment",
      publishedAt: new Date(Date.now() + 3_600_000),
    });
    expect(
      (await app.inject({ method: "GET", url: `/api/articles/${scheduled.id}` })).statusCode,
    ).toBe(404);
    // Its date comes (set in the past rather than waited for: on a busy machine the first read
    // above could come after a date 1.5 s ahead).
    await app.database.db
      .update(articles)
      .set({ publishedAt: new Date(Date.now() - 1000) })
      .where(eq(articles.id, scheduled.id));
    app.services.pageCache.invalidate();
    expect(
      (await app.inject({ method: "GET", url: `/api/articles/${scheduled.id}` })).statusCode,
    ).toBe(200);
  });
});

describe("GET /api/articles parameters", () => {
  it("rejects a negative or zero page", async () => {
    for (const page of ["-1", "0", "abc"]) {
      const response = await list(`page=${page}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("validation_failed");
      expect(response.json().fields.page).toBeDefined();
    }
  });

  it("caps a huge limit at 100", async () => {
    const response = await list("limit=100000");
    expect(response.statusCode).toBe(200);
    expect(response.json().pagination.limit).toBe(100);
    expect(response.json().articles.length).toBeLessThanOrEqual(100);
  });

  it("rejects an unknown sort field or order", async () => {
    const badSort = await list("sortBy=password");
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json()).toMatchObject({ code: "validation_failed" });
    expect(badSort.json().fields.sortBy).toMatch(/sortBy must be one of/);
    expect((await list("sortOrder=sideways")).statusCode).toBe(400);
    expect((await list("status=secret")).statusCode).toBe(400);
    expect((await list("offset=-5")).statusCode).toBe(400);
  });

  it("paginates with page or offset, 1-based", async () => {
    const first = (await list("limit=5&page=1")).json();
    const second = (await list("limit=5&page=2")).json();
    const byOffset = (await list("limit=5&offset=5")).json();
    expect(first.articles).toHaveLength(5);
    expect(second.pagination.page).toBe(2);
    expect(byOffset.articles.map((a: { id: number }) => a.id)).toEqual(
      second.articles.map((a: { id: number }) => a.id),
    );
    expect(first.pagination.totalPages).toBe(Math.ceil(first.pagination.total / 5));
    expect(first.pagination.total).toBeGreaterThanOrEqual(40); // the demo articles
  });

  it("sorts by the asked field", async () => {
    const response = (await list("sortBy=title&sortOrder=asc&limit=100")).json();
    const titles = response.articles.map((article: { title: string }) => article.title);
    expect(titles).toEqual(
      [...titles].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  });

  it("filters by category (with subcategories), tag, featured and premium", async () => {
    const inChild = await insertArticle(app, {
      authorId: editorId,
      categoryId: deskChild.id,
      title: "Child desk article with a rare tag",
      tags: ["zebra-tag"],
      isFeatured: true,
      isPremium: true,
    });
    const inHidden = await insertArticle(app, { authorId: editorId, categoryId: hiddenDesk.id });
    const parentList = (await list(`categorySlug=${desk.slug}&limit=100`)).json();
    expect(parentList.articles.map((a: { id: number }) => a.id)).toContain(inChild.id);
    const byId = (await list(`categoryId=${deskChild.id}`)).json();
    expect(byId.articles.map((a: { id: number }) => a.id)).toEqual([inChild.id]);
    const byTag = (await list("tag=ZEBRA-tag")).json();
    expect(byTag.articles.map((a: { id: number }) => a.id)).toEqual([inChild.id]);
    const featured = (await list(`categorySlug=${deskChild.slug}&featured=true`)).json();
    expect(featured.articles).toHaveLength(1);
    const notPremium = (await list(`categorySlug=${deskChild.slug}&premium=false`)).json();
    expect(notPremium.articles).toHaveLength(0);
    const unknown = await list("categorySlug=no-such-desk");
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().articles).toEqual([]);
    // An inactive category's page does not exist for readers; its articles stay reachable by link.
    expect((await list(`categorySlug=${hiddenDesk.slug}`)).json().articles).toEqual([]);
    expect(
      (await app.inject({ method: "GET", url: `/api/articles/${inHidden.id}` })).statusCode,
    ).toBe(200);
    expect((await list("featured=maybe")).statusCode).toBe(400);
  });

  it("sends an ETag and answers 304 when the client has it", async () => {
    const first = await list("limit=3");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers["cache-control"]).toContain("public");
    const again = await list("limit=3", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const other = await list("limit=4", { "if-none-match": etag });
    expect(other.statusCode).toBe(200);
    const categoriesResponse = await app.inject({ method: "GET", url: "/api/categories" });
    const categoriesAgain = await app.inject({
      method: "GET",
      url: "/api/categories",
      headers: { "if-none-match": categoriesResponse.headers.etag as string },
    });
    expect(categoriesAgain.statusCode).toBe(304);
  });

  it("makes a cached answer's JSON once: the same bytes and ETag for every reader, new after an edit", async () => {
    const article = await insertArticle(app, { authorId: adminId, title: "Prepared answer story" });
    const get = (headers: Record<string, string> = {}) =>
      app.inject({ method: "GET", url: `/api/articles/${article.slug}`, headers });
    const first = await get();
    const second = await get();
    expect(first.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    // The ETag is the hash of exactly the bytes sent.
    const { createHash } = await import("node:crypto");
    expect(first.headers.etag).toBe(
      `W/"${createHash("sha1").update(first.body).digest("base64url")}"`,
    );
    expect((await get({ "if-none-match": first.headers.etag as string })).statusCode).toBe(304);
    const saved = await app.inject({
      method: "PUT",
      url: `/api/articles/${article.id}`,
      headers: editorHeaders,
      payload: { title: "Prepared answer story, updated" },
    });
    expect(saved.statusCode).toBe(200);
    const after = await get({ "if-none-match": first.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().article.title).toBe("Prepared answer story, updated");
    expect(after.headers.etag).not.toBe(first.headers.etag);
    const listed = await list("search=Prepared%20answer");
    expect(listed.json().articles[0].title).toBe("Prepared answer story, updated");
    expect((await list("search=Prepared%20answer")).body).toBe(listed.body);
  });
});
