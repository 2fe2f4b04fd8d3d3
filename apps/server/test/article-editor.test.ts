import { describe, expect, it } from "vitest";
import { resolvePublishedAt } from "../src/modules/articles/editor-rules";
import {
  app,
  author,
  categoryId,
  editor,
  getForEditing,
  post,
  put,
  useArticleEditor,
} from "./article-editor-setup";
import { createArticle, validArticle } from "./newsroom-fixtures";

useArticleEditor();

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
