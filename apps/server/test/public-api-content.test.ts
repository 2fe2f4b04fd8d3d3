import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articles, articleViews, categories, users } from "../src/db/schema";
import { loginAs } from "./helpers";
import {
  app,
  articleBody,
  callPublic,
  createKey,
  editableId,
  usePublicApi,
} from "./public-api-setup";

usePublicApi();

describe("article writes", () => {
  it("creates an article as the key's owner, sanitized, and reads it back", async () => {
    const { secret } = await createKey(["articles:create", "articles:read"]);
    const response = await callPublic("POST", "/public/articles", secret, {
      payload: articleBody({
        title: "Ethereum staking yields settle after the upgrade",
        content: `<p>${"Staking yields have settled into a narrow range since the upgrade went live. ".repeat(2)}</p><script>alert(1)</script><img src="x" onerror="alert(1)">`,
        status: "published",
      }),
    });
    expect(response.statusCode).toBe(201);
    const { article } = response.json();
    const [editorRow] = await app.database.db
      .select()
      .from(users)
      .where(eq(users.email, "editor@aurumwire.test"));
    expect(article).toMatchObject({
      title: "Ethereum staking yields settle after the upgrade",
      slug: "ethereum-staking-yields-settle-after-the-upgrade",
      status: "published",
      author: { id: editorRow.id, firstName: "Elena" },
      tags: ["bitcoin", "mining"],
    });
    expect(article.publishedAt).toEqual(expect.any(String));
    expect(article.content).not.toMatch(/script|onerror/);
    const read = await callPublic("GET", `/public/articles/${article.slug}`, secret);
    expect(read.json().article.id).toBe(article.id);
  });

  it("answers the spec's validation messages", async () => {
    const { secret } = await createKey(["articles:create"]);
    const response = await callPublic("POST", "/public/articles", secret, {
      payload: articleBody({
        title: "Too short",
        excerpt: "",
        content: "<p>tiny</p>",
        categoryId: 0,
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      title: "Title must be at least 10 characters",
      excerpt: "Excerpt is required",
      content: "Content must be at least 100 characters",
      categoryId: "Please select a valid category",
    });
    const unknownCategory = await callPublic("POST", "/public/articles", secret, {
      payload: articleBody({ categoryId: 999999 }),
    });
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().fields.categoryId).toBe("Please select a valid category");
  });

  it("keeps an author's key within the author's rights", async () => {
    const author = await loginAs(app, "author");
    const { secret } = await createKey(
      ["articles:create", "articles:update", "articles:delete"],
      author,
    );
    const publish = await callPublic("POST", "/public/articles", secret, {
      payload: articleBody({ status: "published" }),
    });
    expect(publish.statusCode).toBe(403);
    expect(publish.json().error).toBe("You need admin or editor privileges to publish articles.");

    const draft = await callPublic("POST", "/public/articles", secret, { payload: articleBody() });
    expect(draft.statusCode).toBe(201);
    const own = draft.json().article;
    const editOwn = await callPublic("PUT", `/public/articles/${own.id}`, secret, {
      payload: { title: "A better title for the author's own draft" },
    });
    expect(editOwn.statusCode).toBe(200);
    // Only the sent field changes; the others keep their values.
    expect(editOwn.json().article).toMatchObject({
      title: "A better title for the author's own draft",
      tags: ["bitcoin", "mining"],
      status: "draft",
    });

    const editOther = await callPublic("PUT", `/public/articles/${editableId}`, secret, {
      payload: { title: "Taking over someone else's article" },
    });
    expect(editOther.statusCode).toBe(403);
    const deleteOther = await callPublic("DELETE", `/public/articles/${editableId}`, secret);
    expect(deleteOther.statusCode).toBe(403);
    const deleteOwn = await callPublic("DELETE", `/public/articles/${own.id}`, secret);
    expect(deleteOwn.json()).toEqual({ deleted: true, id: own.id });
    const gone = await callPublic("PUT", `/public/articles/${own.id}`, secret, {
      payload: { title: "Editing an article that was deleted" },
    });
    expect(gone.statusCode).toBe(404);
  });
});

describe("content routes", () => {
  it("lists categories, published authors without emails, and views per day and article", async () => {
    const [author] = await app.database.db
      .select()
      .from(users)
      .where(eq(users.email, "author@aurumwire.test"));
    const { secret } = await createKey(["categories:read", "users:read", "analytics:read"]);
    const authorsBefore = (await callPublic("GET", "/public/users?limit=100", secret)).json();
    const arjunBefore =
      authorsBefore.users.find((item: { id: number }) => item.id === author.id)?.articleCount ?? 0;
    const [category] = await app.database.db
      .insert(categories)
      .values({ name: "Public API Test", slug: "public-api-test", color: "#112233" })
      .returning();
    const published = new Date(Date.now() - 3 * 86_400_000);
    const [article] = await app.database.db
      .insert(articles)
      .values({
        slug: "public-api-analytics",
        title: "Analytics article for the public API",
        authorId: author.id,
        categoryId: category.id,
        status: "published",
        publishedAt: published,
      })
      .returning();
    // A draft in the same category and a published article elsewhere: neither counts for the
    // category, the second counts for the author.
    await app.database.db.insert(articles).values([
      { slug: "public-api-draft", title: "Draft", authorId: author.id, categoryId: category.id },
      {
        slug: "public-api-elsewhere",
        title: "Elsewhere",
        authorId: author.id,
        status: "published",
        publishedAt: published,
      },
    ]);
    // Written behind the services' back, so the cached public reads are told.
    app.services.pageCache.invalidate();
    const today = new Date();
    const yesterday = new Date(today.getTime() - 86_400_000);
    await app.database.db.insert(articleViews).values([
      { articleId: article.id, sessionId: "s1", viewedAt: today },
      { articleId: article.id, sessionId: "s2", viewedAt: today },
      { articleId: article.id, sessionId: "s3", viewedAt: yesterday },
    ]);

    const categoryList = (await callPublic("GET", "/public/categories", secret)).json().categories;
    expect(categoryList.find((item: { slug: string }) => item.slug === "public-api-test")).toEqual({
      id: category.id,
      name: "Public API Test",
      slug: "public-api-test",
      color: "#112233",
      description: null,
      parentId: null,
      articleCount: 1,
    });

    const authors = (await callPublic("GET", "/public/users?limit=100", secret)).json();
    expect(authors.users.map((item: { id: number }) => item.id)).toContain(author.id);
    expect(authors.users.find((item: { id: number }) => item.id === author.id)).toMatchObject({
      firstName: "Arjun",
      lastName: "Patel",
      articleCount: arjunBefore + 2,
    });
    expect(JSON.stringify(authors)).not.toMatch(/@|email|password|isActive/);
    expect(authors.pagination).toMatchObject({ page: 1, limit: 100 });

    const analytics = (await callPublic("GET", "/public/analytics", secret)).json().analytics;
    expect(analytics.perDay).toHaveLength(30);
    expect(analytics.to).toBe(today.toISOString().slice(0, 10));
    expect(analytics.totalViews).toBe(
      analytics.perDay.reduce((sum: number, day: { views: number }) => sum + day.views, 0),
    );
    expect(analytics.perArticle).toContainEqual({
      articleId: article.id,
      slug: "public-api-analytics",
      title: "Analytics article for the public API",
      views: 3,
    });

    const ofArticle = (
      await callPublic("GET", `/public/analytics?articleId=${article.id}`, secret)
    ).json().analytics;
    expect(ofArticle.totalViews).toBe(3);
    expect(ofArticle.perDay.at(-1)).toEqual({ date: analytics.to, views: 2 });
    expect(ofArticle.perDay.at(-2)).toEqual({
      date: yesterday.toISOString().slice(0, 10),
      views: 1,
    });
    expect(ofArticle.perArticle).toHaveLength(1);

    const oneDay = (
      await callPublic(
        "GET",
        `/public/analytics?from=${analytics.to}&to=${analytics.to}&articleId=${article.id}`,
        secret,
      )
    ).json().analytics;
    expect(oneDay).toMatchObject({ totalViews: 2, perDay: [{ date: analytics.to, views: 2 }] });

    const backwards = await callPublic(
      "GET",
      "/public/analytics?from=2024-02-01&to=2024-01-01",
      secret,
    );
    expect(backwards.statusCode).toBe(400);
    const tooLong = await callPublic(
      "GET",
      "/public/analytics?from=2020-01-01&to=2024-01-01",
      secret,
    );
    expect(tooLong.statusCode).toBe(400);
    const badDate = await callPublic("GET", "/public/analytics?from=yesterday", secret);
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().code).toBe("validation_failed");
  });
});
