import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolvePublishedAt } from "../src/modules/articles/editor-rules";
import { buildTestApp, loginAs } from "./helpers";
import { createArticle, createCategory, type Headers, validArticle } from "./newsroom-fixtures";

let app: FastifyInstance;
let admin: Headers;
let editor: Headers;
let author: Headers;
let categoryId: number;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await loginAs(app, "admin");
  editor = await loginAs(app, "editor");
  author = await loginAs(app, "author");
  categoryId = (await createCategory(app, editor, { name: "Bitcoin" })).id;
});
afterAll(async () => {
  await app?.close();
});

const post = (headers: Headers, payload: unknown) =>
  app.inject({ method: "POST", url: "/api/articles", headers, payload: payload as object });
const put = (headers: Headers, id: number, payload: unknown) =>
  app.inject({ method: "PUT", url: `/api/articles/${id}`, headers, payload: payload as object });
const getForEditing = (headers: Headers, id: number) =>
  app.inject({ method: "GET", url: `/api/admin/articles/${id}`, headers });

describe("validation (spec point 5 messages)", () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["missing title", { title: undefined }, "title", "Title is required"],
    ["empty title", { title: "   " }, "title", "Title is required"],
    ["short title", { title: "Too short" }, "title", "Title must be at least 10 characters"],
    ["long title", { title: "x".repeat(201) }, "title", "Title must be less than 200 characters"],
    ["missing excerpt", { excerpt: undefined }, "excerpt", "Excerpt is required"],
    [
      "short excerpt",
      { excerpt: "x".repeat(49) },
      "excerpt",
      "Excerpt must be at least 50 characters",
    ],
    [
      "long excerpt",
      { excerpt: "x".repeat(501) },
      "excerpt",
      "Excerpt must be less than 500 characters",
    ],
    ["missing content", { content: undefined }, "content", "Content is required"],
    ["empty content", { content: "<p></p>" }, "content", "Content is required"],
    [
      "short content",
      { content: `<p>${"x".repeat(99)}</p>` },
      "content",
      "Content must be at least 100 characters",
    ],
    ["missing category", { categoryId: undefined }, "categoryId", "Category is required"],
    ["zero category", { categoryId: 0 }, "categoryId", "Please select a valid category"],
    [
      "long meta title",
      { metaTitle: "x".repeat(61) },
      "metaTitle",
      "Meta title must be less than 60 characters",
    ],
    [
      "long meta description",
      { metaDescription: "x".repeat(161) },
      "metaDescription",
      "Meta description must be less than 160 characters",
    ],
    ["unknown status", { status: "deleted" }, "status", "Status must be draft or published"],
  ];

  it.each(cases)("refuses %s with the spec's message", async (_name, change, field, message) => {
    const response = await post(author, validArticle(categoryId, change));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe("validation_failed");
    expect(body.fields[field]).toBe(message);
  });

  it("refuses a category that does not exist", async () => {
    const response = await post(author, validArticle(categoryId, { categoryId: 999_999 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ categoryId: "Please select a valid category" });
  });

  it("counts content after sanitizing: a script does not make up the 100 characters", async () => {
    const content = `<p>${"x".repeat(60)}</p><script>${"alert(1);".repeat(20)}</script>`;
    const response = await post(author, validArticle(categoryId, { content }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.content).toBe("Content must be at least 100 characters");
  });

  it("checks the fields a partial update sends, with the same messages", async () => {
    const article = await createArticle(app, author, categoryId);
    const response = await put(author, article.id, { title: "short" });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ title: "Title must be at least 10 characters" });
    const unchanged = await getForEditing(author, article.id);
    expect(unchanged.json().article.title).toBe(article.title);
  });

  it("saves nothing when the category of an update does not exist", async () => {
    const article = await createArticle(app, author, categoryId);
    const response = await put(author, article.id, {
      categoryId: 424242,
      title: "A new valid title",
    });
    expect(response.statusCode).toBe(400);
    expect((await getForEditing(author, article.id)).json().article.title).toBe(article.title);
  });
});

describe("saving", () => {
  it("creates an article with sanitized HTML, reading time, lowercased tags and its author", async () => {
    const response = await post(
      author,
      validArticle(categoryId, {
        content: `<p onclick="steal()">${"Ethereum gas fees fell sharply this week. ".repeat(4)}</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>`,
        tags: ["Bitcoin", "bitcoin", "DeFi"],
        metaTitle: "",
      }),
    );
    expect(response.statusCode).toBe(201);
    const { article } = response.json();
    expect(article.content).not.toMatch(/script|onclick|javascript/);
    expect(article.tags).toEqual(["bitcoin", "defi"]);
    expect(article.readingTime).toBe(1);
    expect(article.metaTitle).toBeNull();
    expect(article.author).toMatchObject({ firstName: expect.any(String) });
    expect(article.category).toMatchObject({ id: categoryId, name: "Bitcoin" });
    expect(JSON.stringify(article)).not.toMatch(/passwordHash|email/);
  });

  it("gives clashing titles unique slugs with a -2 suffix", async () => {
    const title = "Solana rallies as network activity hits a record";
    const first = await createArticle(app, author, categoryId, { title });
    const second = await createArticle(app, editor, categoryId, { title });
    expect(first.slug).toBe("solana-rallies-as-network-activity-hits-a-record");
    expect(second.slug).toBe("solana-rallies-as-network-activity-hits-a-record-2");
  });

  it("lets a draft's slug follow its title, and freezes it once published", async () => {
    const article = await createArticle(app, author, categoryId, {
      title: "Working title for a draft story",
    });
    const renamed = (
      await put(author, article.id, { title: "Final title for the draft story" })
    ).json().article;
    expect(renamed.slug).toBe("final-title-for-the-draft-story");
    await put(editor, article.id, { status: "published" });
    const retitled = (
      await put(editor, article.id, { title: "A later headline change here" })
    ).json().article;
    expect(retitled.slug).toBe("final-title-for-the-draft-story");
  });

  it("answers 404 'Article not found' for an unknown id", async () => {
    const response = await put(editor, 987_654, { title: "Nothing to see in here" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "Article not found", code: "not_found" });
    expect((await getForEditing(editor, 987_654)).statusCode).toBe(404);
  });

  it("deletes an article for good", async () => {
    const article = await createArticle(app, author, categoryId);
    const response = await app.inject({
      method: "DELETE",
      url: `/api/articles/${article.id}`,
      headers: author,
    });
    expect(response.statusCode).toBe(204);
    expect((await getForEditing(author, article.id)).statusCode).toBe(404);
  });
});

describe("status and publishedAt transitions (spec point 4)", () => {
  it("keeps a draft's publishedAt empty", async () => {
    const article = await createArticle(app, author, categoryId);
    expect(article).toMatchObject({ status: "draft", publishedAt: null });
  });

  it("stamps now when an editor publishes", async () => {
    const article = await createArticle(app, author, categoryId);
    const before = Date.now();
    const response = await put(editor, article.id, { status: "published" });
    expect(response.statusCode).toBe(200);
    const published = response.json().article;
    expect(published.status).toBe("published");
    const stamped = Date.parse(published.publishedAt);
    expect(stamped).toBeGreaterThanOrEqual(before - 1000);
    expect(stamped).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("ignores a past publishedAt when publishing and keeps a future one as a schedule", async () => {
    const past = await createArticle(app, editor, categoryId);
    const stampedNow = (
      await put(editor, past.id, { status: "published", publishedAt: "2020-01-01T00:00:00.000Z" })
    ).json().article;
    expect(Date.parse(stampedNow.publishedAt)).toBeGreaterThan(Date.parse("2024-01-01"));

    const future = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await createArticle(app, editor, categoryId, {
      status: "published",
      publishedAt: future,
    });
    expect(scheduled.publishedAt).toBe(future);
  });

  it("keeps the date when a published article is edited, and clears it on Save Draft", async () => {
    const article = await createArticle(app, editor, categoryId, { status: "published" });
    const edited = (await put(editor, article.id, { excerpt: "x".repeat(80) })).json().article;
    expect(edited.publishedAt).toBe(article.publishedAt);

    const draft = (await put(editor, article.id, { status: "draft", publishedAt: null })).json()
      .article;
    expect(draft).toMatchObject({ status: "draft", publishedAt: null });
  });

  it("keeps the existing publishedAt when the list only changes the status", async () => {
    const article = await createArticle(app, editor, categoryId, { status: "published" });
    const archived = (await put(editor, article.id, { status: "archived" })).json().article;
    expect(archived).toMatchObject({ status: "archived", publishedAt: article.publishedAt });
    const republished = (
      await put(editor, article.id, { status: "published", publishedAt: new Date().toISOString() })
    ).json().article;
    expect(republished.status).toBe("published");
    expect(Date.parse(republished.publishedAt)).toBeGreaterThanOrEqual(
      Date.parse(article.publishedAt!),
    );
  });

  it("toggles the featured flag alone without touching other fields", async () => {
    const article = await createArticle(app, editor, categoryId, { tags: ["nft"] });
    const featured = (await put(editor, article.id, { isFeatured: true })).json().article;
    expect(featured).toMatchObject({ isFeatured: true, status: "draft", tags: ["nft"] });
    const unfeatured = (await put(editor, article.id, { isFeatured: false })).json().article;
    expect(unfeatured.isFeatured).toBe(false);
  });

  it("follows the rules in the pure function too", () => {
    const now = new Date("2025-05-01T12:00:00Z");
    const earlier = new Date("2025-04-01T12:00:00Z");
    const resolve = (
      previousStatus: "draft" | "published" | "archived" | null,
      nextStatus: "draft" | "published" | "archived",
      requested?: string | null,
      previousPublishedAt: Date | null = null,
    ) => resolvePublishedAt({ previousStatus, previousPublishedAt, nextStatus, requested, now });
    expect(resolve(null, "published")).toEqual(now);
    expect(resolve("draft", "published", "2025-06-01T00:00:00Z")).toEqual(
      new Date("2025-06-01T00:00:00Z"),
    );
    expect(resolve("published", "published", undefined, earlier)).toEqual(earlier);
    expect(resolve("published", "draft", null, earlier)).toBeNull();
    expect(resolve("published", "archived", undefined, earlier)).toEqual(earlier);
    expect(resolve(null, "draft")).toBeNull();
  });
});

describe("public pages follow a change at once", () => {
  it("drops cached public reads when an article is published, edited or deleted", async () => {
    const publicList = async () =>
      (await app.inject({ method: "GET", url: "/api/articles?limit=100" })).json().articles as {
        id: number;
        title: string;
      }[];
    const article = await createArticle(app, editor, categoryId);
    // Cache the public list before the article is public.
    expect((await publicList()).some((item) => item.id === article.id)).toBe(false);

    await put(editor, article.id, { status: "published" });
    expect((await publicList()).some((item) => item.id === article.id)).toBe(true);

    await put(editor, article.id, { title: "A corrected headline for readers" });
    expect((await publicList()).find((item) => item.id === article.id)?.title).toBe(
      "A corrected headline for readers",
    );

    await app.inject({ method: "DELETE", url: `/api/articles/${article.id}`, headers: editor });
    expect((await publicList()).some((item) => item.id === article.id)).toBe(false);
  });
});

describe("revision history", () => {
  it("keeps each previous version and restores one, which can itself be undone", async () => {
    const article = await createArticle(app, author, categoryId, {
      title: "First version of the halving story",
    });
    await put(author, article.id, { title: "Second version of the halving story" });
    await put(author, article.id, {
      title: "Third version of the halving story",
      content: `<p>${"A completely rewritten body about the bitcoin halving. ".repeat(3)}</p>`,
    });
    // A save that changes nothing adds no revision.
    await put(author, article.id, {});

    const list = await app.inject({
      method: "GET",
      url: `/api/admin/articles/${article.id}/revisions`,
      headers: author,
    });
    expect(list.statusCode).toBe(200);
    const revisions = list.json().revisions;
    expect(revisions.map((revision: { title: string }) => revision.title)).toEqual([
      "Second version of the halving story",
      "First version of the halving story",
    ]);
    expect(revisions[0].editor).toMatchObject({ firstName: expect.any(String) });

    const oldest = revisions[1];
    const detail = await app.inject({
      method: "GET",
      url: `/api/admin/articles/${article.id}/revisions/${oldest.id}`,
      headers: author,
    });
    expect(detail.json().snapshot.content).toContain("Bitcoin traded in a narrow range");

    const restore = await app.inject({
      method: "POST",
      url: `/api/admin/articles/${article.id}/revisions/${oldest.id}/restore`,
      headers: author,
    });
    expect(restore.statusCode).toBe(200);
    const restored = restore.json().article;
    expect(restored.title).toBe("First version of the halving story");
    expect(restored.content).toContain("Bitcoin traded in a narrow range");

    const after = (
      await app.inject({
        method: "GET",
        url: `/api/admin/articles/${article.id}/revisions`,
        headers: author,
      })
    ).json().revisions;
    expect(after[0].title).toBe("Third version of the halving story");
    expect(after).toHaveLength(3);
  });

  it("does not let a restore change the status or featured flag", async () => {
    const article = await createArticle(app, author, categoryId);
    await put(editor, article.id, { status: "published", isFeatured: true });
    const [revision] = (
      await app.inject({
        method: "GET",
        url: `/api/admin/articles/${article.id}/revisions`,
        headers: author,
      })
    ).json().revisions;
    expect(revision.status).toBe("draft");
    const restored = (
      await app.inject({
        method: "POST",
        url: `/api/admin/articles/${article.id}/revisions/${revision.id}/restore`,
        headers: author,
      })
    ).json().article;
    expect(restored).toMatchObject({ status: "published", isFeatured: true });
  });

  it("keeps the newest 50 revisions of an article", async () => {
    const article = await createArticle(app, editor, categoryId);
    for (let version = 1; version <= 52; version++) {
      const response = await put(editor, article.id, { title: `Version ${version} of the story` });
      expect(response.statusCode).toBe(200);
    }
    const revisions = (
      await app.inject({
        method: "GET",
        url: `/api/admin/articles/${article.id}/revisions`,
        headers: editor,
      })
    ).json().revisions;
    expect(revisions).toHaveLength(50);
    expect(revisions[0].title).toBe("Version 51 of the story");
    expect(revisions[49].title).toBe("Version 2 of the story");
  });

  it("answers 404 for a revision of another article", async () => {
    const first = await createArticle(app, editor, categoryId);
    const second = await createArticle(app, editor, categoryId);
    await put(editor, first.id, { title: "Changed so that a revision exists" });
    const [revision] = (
      await app.inject({
        method: "GET",
        url: `/api/admin/articles/${first.id}/revisions`,
        headers: editor,
      })
    ).json().revisions;
    const response = await app.inject({
      method: "POST",
      url: `/api/admin/articles/${second.id}/revisions/${revision.id}/restore`,
      headers: editor,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe("Revision not found");
  });
});

describe("creating with an Idempotency-Key", () => {
  it("makes one article of a submit sent twice at once, and again later", async () => {
    const key = `form-${Date.now().toString(36)}-double`;
    const title = `Double submit ${Date.now().toString(36)} of one form`;
    const post = () =>
      app.inject({
        method: "POST",
        url: "/api/articles",
        headers: { ...editor, "idempotency-key": key },
        payload: validArticle(categoryId, { title }),
      });
    const [first, second] = await Promise.all([post(), post()]);
    const third = await post();
    for (const response of [first, second, third]) expect(response.statusCode).toBe(201);
    const ids = [first, second, third].map((response) => response.json().article.id);
    expect(new Set(ids).size).toBe(1);
    const found = await app.inject({
      method: "GET",
      url: `/api/admin/articles?search=${encodeURIComponent(title)}`,
      headers: editor,
    });
    expect(found.json().pagination.total).toBe(1);
    // Another author's request with the same key is theirs: a new article.
    const other = await app.inject({
      method: "POST",
      url: "/api/articles",
      headers: { ...author, "idempotency-key": key },
      payload: validArticle(categoryId, { title }),
    });
    expect(other.statusCode).toBe(201);
    expect(other.json().article.id).not.toBe(ids[0]);
    const badKey = await app.inject({
      method: "POST",
      url: "/api/articles",
      headers: { ...editor, "idempotency-key": "x" },
      payload: validArticle(categoryId, { title }),
    });
    expect(badKey.statusCode).toBe(400);
  });
});

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
