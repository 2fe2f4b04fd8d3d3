import { describe, expect, it } from "vitest";
import { admin, app, author, categoryId, editor, useArticleEditor } from "./article-editor-setup";
import { loginAs } from "./helpers";
import { createArticle } from "./newsroom-fixtures";

useArticleEditor();

describe("management list and stats", () => {
  it("filters by status, featured and search, and pages with a total", async () => {
    const marker = `Zebra${Date.now()}`;
    await createArticle(app, editor, categoryId, { title: `${marker} draft about ethereum` });
    await createArticle(app, editor, categoryId, {
      title: `${marker} published about ethereum`,
      status: "published",
      isFeatured: true,
    });
    const list = (query: string) =>
      app.inject({ method: "GET", url: `/api/admin/articles?${query}`, headers: editor });

    const all = (await list(`search=${marker}`)).json();
    expect(all.pagination).toMatchObject({ total: 2, page: 1, limit: 10, totalPages: 1 });
    expect(all.articles[0]).not.toHaveProperty("content");

    const published = (await list(`search=${marker}&status=published`)).json();
    expect(published.articles.map((a: { title: string }) => a.title)).toEqual([
      `${marker} published about ethereum`,
    ]);
    const notFeatured = (await list(`search=${marker}&featured=false`)).json();
    expect(notFeatured.articles).toHaveLength(1);
    expect(notFeatured.articles[0].isFeatured).toBe(false);

    const paged = (await list(`search=${marker}&limit=1&page=2`)).json();
    expect(paged.pagination).toMatchObject({ total: 2, totalPages: 2, page: 2 });
    expect(paged.articles).toHaveLength(1);
  });

  it("shows authors only their own articles, and counts them", async () => {
    const mine = await createArticle(app, author, categoryId);
    const list = (
      await app.inject({
        method: "GET",
        url: "/api/admin/articles?limit=100",
        headers: author,
      })
    ).json();
    const authorIds = new Set(list.articles.map((a: { author: { id: number } }) => a.author.id));
    expect(authorIds.size).toBe(1);
    expect(list.articles.some((a: { id: number }) => a.id === mine.id)).toBe(true);

    const stats = (
      await app.inject({ method: "GET", url: "/api/admin/articles/stats", headers: author })
    ).json();
    expect(stats.total).toBe(list.pagination.total);
    expect(stats.total).toBe(stats.published + stats.scheduled + stats.drafts + stats.archived);

    // A scheduled article is not counted as published until its date comes.
    const statsOf = async (headers: typeof editor) =>
      (await app.inject({ method: "GET", url: "/api/admin/articles/stats", headers })).json();
    const before = await statsOf(editor);
    await createArticle(app, editor, categoryId, {
      status: "published",
      publishedAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString(),
    });
    const after = await statsOf(editor);
    expect(after.published).toBe(before.published);
    expect(after.scheduled).toBe(before.scheduled + 1);
    expect(after.total).toBe(before.total + 1);

    const everyone = (
      await app.inject({ method: "GET", url: "/api/admin/articles/stats", headers: admin })
    ).json();
    expect(everyone.total).toBeGreaterThan(stats.total);
  });
});

describe("the preview's HTML", () => {
  it("comes back through the same sanitizer as a save, for staff only", async () => {
    const draft =
      '<p class="ql-align-center">Kept</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">link</a>';
    const response = await app.inject({
      method: "POST",
      url: "/api/admin/articles/preview-html",
      headers: author,
      payload: { content: draft },
    });
    expect(response.statusCode).toBe(200);
    const { content } = response.json();
    expect(content).toContain('<p class="ql-align-center">Kept</p>');
    expect(content).not.toMatch(/<script|onerror|javascript:/i);
    const reader = await loginAs(app, "reader");
    for (const headers of [reader, {}]) {
      const refused = await app.inject({
        method: "POST",
        url: "/api/admin/articles/preview-html",
        headers,
        payload: { content: draft },
      });
      expect([401, 403]).toContain(refused.statusCode);
    }
  });
});
