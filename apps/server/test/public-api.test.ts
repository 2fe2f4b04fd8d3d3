import { randomBytes } from "node:crypto";
import { type ApiKeyPermission, apiKeyPermissions } from "@aurumwire/shared/api-keys";
import { articleInputSchema, articleListQuerySchema } from "@aurumwire/shared/articles";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, articles, articleViews, categories, users } from "../src/db/schema";
import { createApiKeysRepository } from "../src/modules/api-keys/repository";
import { generateApiKeySecret } from "../src/modules/api-keys/secrets";
import { buildTestApp, loginAs } from "./helpers";
import { redisReachable, redisUrl } from "./redis";

let app: FastifyInstance;
let admin: { authorization: string };
let editor: { authorization: string };

beforeAll(async () => {
  app = await buildTestApp();
  admin = await loginAs(app, "admin");
  editor = await loginAs(app, "editor");
  const sample = (await app.services.articles.list(articleListQuerySchema.parse({ limit: 1 })))
    .articles[0];
  sampleSlug = sample.slug;
  sampleCategoryId = sample.categoryId ?? (await app.services.categories.list())[0].id;
  editableId = await createArticleAsEditor({ title: "An article the matrix keys may edit" });
});
afterAll(async () => {
  await app?.close();
});

async function createKey(
  permissions: ApiKeyPermission[],
  auth = editor,
  extra: Record<string, unknown> = {},
): Promise<{ secret: string; id: number }> {
  const response = await app.inject({
    method: "POST",
    url: "/api/api-keys",
    headers: auth,
    payload: { name: `Key ${permissions.join(",")}`, permissions, ...extra },
  });
  expect(response.statusCode).toBe(201);
  const { apiKey, keyInfo } = response.json().data;
  return { secret: apiKey, id: keyInfo.id };
}

const callPublic = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  secret?: string,
  options: { bearer?: boolean; payload?: object; ip?: string } = {},
) =>
  app.inject({
    method,
    url,
    headers: secret
      ? options.bearer
        ? { authorization: `Bearer ${secret}` }
        : { "x-api-key": secret }
      : {},
    payload: options.payload,
    remoteAddress: options.ip ?? "198.51.100.1",
  });

/** A published article of the demo content, found once the app is up. */
let sampleSlug = "";
let sampleCategoryId = 0;
/** An article the editor (owner of the matrix keys) may change. */
let editableId = 0;

const articleBody = (overrides: Record<string, unknown> = {}) => ({
  title: "Bitcoin miners move reserves ahead of the halving",
  excerpt:
    "On-chain data shows large miner wallets sending coins to exchanges in the weeks before the event.",
  content: `<p>${"Miners have been moving coins to exchanges at the fastest pace this year. ".repeat(3)}</p>`,
  categoryId: sampleCategoryId,
  tags: ["bitcoin", "mining"],
  status: "draft",
  ...overrides,
});

/** Creates an article as the demo editor through the newsroom service, for update and delete. */
async function createArticleAsEditor(overrides: Record<string, unknown> = {}) {
  const [editorRow] = await app.database.db
    .select()
    .from(users)
    .where(eq(users.email, "editor@aurumwire.test"));
  const article = await app.services.articleEditor.create(
    editorRow,
    articleInputSchema.parse(articleBody(overrides)),
  );
  return article.id;
}

/**
 * Every public route with the one permission that opens it: `path` as documented, `call` makes a
 * request that succeeds (with `ok`) when the key has the permission.
 */
const routesByPermission: Array<{
  permission: ApiKeyPermission;
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  ok: number;
  call: (secret: string) => ReturnType<typeof callPublic>;
}> = [
  {
    permission: "articles:read",
    method: "GET",
    path: "/public/articles",
    ok: 200,
    call: (secret) => callPublic("GET", "/public/articles", secret),
  },
  {
    permission: "articles:read",
    method: "GET",
    path: "/public/articles/{id}",
    ok: 200,
    call: (secret) => callPublic("GET", `/public/articles/${sampleSlug}`, secret),
  },
  {
    permission: "articles:create",
    method: "POST",
    path: "/public/articles",
    ok: 201,
    call: (secret) => callPublic("POST", "/public/articles", secret, { payload: articleBody() }),
  },
  {
    permission: "articles:update",
    method: "PUT",
    path: "/public/articles/{id}",
    ok: 200,
    call: (secret) =>
      callPublic("PUT", `/public/articles/${editableId}`, secret, {
        payload: { excerpt: articleBody().excerpt },
      }),
  },
  {
    permission: "articles:delete",
    method: "DELETE",
    path: "/public/articles/{id}",
    ok: 200,
    // A key that may delete gets a fresh article each time; the others are refused first.
    call: async (secret) => {
      const id = await createArticleAsEditor();
      return callPublic("DELETE", `/public/articles/${id}`, secret);
    },
  },
  {
    permission: "categories:read",
    method: "GET",
    path: "/public/categories",
    ok: 200,
    call: (secret) => callPublic("GET", "/public/categories", secret),
  },
  {
    permission: "users:read",
    method: "GET",
    path: "/public/users",
    ok: 200,
    call: (secret) => callPublic("GET", "/public/users", secret),
  },
  {
    permission: "analytics:read",
    method: "GET",
    path: "/public/analytics",
    ok: 200,
    call: (secret) => callPublic("GET", "/public/analytics", secret),
  },
];

const readRoutes = routesByPermission.filter((route) => route.method === "GET");

describe("API key authentication", () => {
  it("answers 401 without a key and for an unknown key", async () => {
    const missing = await callPublic("GET", "/public/categories");
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe("api_key_missing");
    const unknown = await callPublic("GET", "/public/categories", `aw_${"x".repeat(32)}`);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({
      error: "This API key is not valid.",
      code: "api_key_invalid",
    });
    const garbage = await callPublic("GET", "/public/categories", "not-a-key");
    expect(garbage.json().code).toBe("api_key_invalid");
  });

  it("accepts the key as X-API-Key or as a bearer token, but not a login token", async () => {
    const { secret } = await createKey(["categories:read"]);
    expect((await callPublic("GET", "/public/categories", secret)).statusCode).toBe(200);
    expect(
      (await callPublic("GET", "/public/categories", secret, { bearer: true })).statusCode,
    ).toBe(200);
    const withLoginToken = await app.inject({
      method: "GET",
      url: "/public/categories",
      headers: editor,
    });
    expect(withLoginToken.statusCode).toBe(401);
  });

  it("refuses revoked, deactivated and expired keys with a message that says so", async () => {
    const revoked = await createKey(["categories:read"]);
    await app.inject({ method: "DELETE", url: `/api/api-keys/${revoked.id}`, headers: editor });
    const revokedAnswer = await callPublic("GET", "/public/categories", revoked.secret);
    expect(revokedAnswer.statusCode).toBe(401);
    expect(revokedAnswer.json()).toEqual({
      error: "This API key has been revoked.",
      code: "api_key_revoked",
    });

    const paused = await createKey(["categories:read"]);
    await app.inject({
      method: "PUT",
      url: `/api/api-keys/${paused.id}`,
      headers: editor,
      payload: { isActive: false },
    });
    const pausedAnswer = await callPublic("GET", "/public/categories", paused.secret);
    expect(pausedAnswer.statusCode).toBe(401);
    expect(pausedAnswer.json().code).toBe("api_key_revoked");

    const expiring = await createKey(["categories:read"], editor, {
      expiresAt: "2099-01-01T00:00:00.000Z",
    });
    expect((await callPublic("GET", "/public/categories", expiring.secret)).statusCode).toBe(200);
    const past = new Date(Date.now() - 1000);
    await app.database.db
      .update(apiKeys)
      .set({ expiresAt: past })
      .where(eq(apiKeys.id, expiring.id));
    const expiredAnswer = await callPublic("GET", "/public/categories", expiring.secret);
    expect(expiredAnswer.statusCode).toBe(401);
    expect(expiredAnswer.json()).toEqual({
      error: `This API key expired on ${past.toISOString()}.`,
      code: "api_key_expired",
    });
  });

  it("stops the keys of a deactivated owner, and lets them work again on reactivation", async () => {
    const created = await app.inject({
      method: "POST",
      url: "/api/users",
      headers: admin,
      payload: { email: "integrator@example.com", password: "secret1", role: "author" },
    });
    const owner = created.json().data.user;
    const session = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "integrator@example.com", password: "secret1" },
    });
    const { secret } = await createKey(["categories:read"], {
      authorization: `Bearer ${session.json().token}`,
    });
    expect((await callPublic("GET", "/public/categories", secret)).statusCode).toBe(200);

    await app.inject({ method: "DELETE", url: `/api/users/${owner.id}`, headers: admin });
    const refused = await callPublic("GET", "/public/categories", secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe("api_key_owner_deactivated");

    await app.inject({
      method: "PUT",
      url: `/api/users/${owner.id}`,
      headers: admin,
      payload: { is_active: true },
    });
    expect((await callPublic("GET", "/public/categories", secret)).statusCode).toBe(200);
  });

  it("makes an address that keeps sending wrong keys wait", async () => {
    const ip = "198.51.100.99";
    for (let attempt = 0; attempt < 30; attempt++) {
      const response = await callPublic(
        "GET",
        "/public/categories",
        `aw_${randomBytes(24).toString("base64url")}`,
        { ip },
      );
      expect(response.statusCode).toBe(401);
    }
    const blocked = await callPublic(
      "GET",
      "/public/categories",
      `aw_${randomBytes(24).toString("base64url")}`,
      { ip },
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe("api_key_attempts_limited");
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("permissions", () => {
  it("each permission opens exactly its own routes", async () => {
    const keys = new Map<ApiKeyPermission, string>();
    for (const permission of apiKeyPermissions)
      keys.set(permission, (await createKey([permission])).secret);
    for (const route of routesByPermission) {
      for (const permission of apiKeyPermissions) {
        const response = await route.call(keys.get(permission)!);
        const label = `${permission} on ${route.method} ${route.path}`;
        if (permission === route.permission) {
          expect(response.statusCode, label).toBe(route.ok);
        } else {
          expect(response.statusCode, label).toBe(403);
          expect(response.json()).toEqual({
            error: `This API key does not have the ${route.permission} permission.`,
            code: "api_key_permission_missing",
          });
        }
      }
    }
  });

  it("a key with several permissions opens each of their routes", async () => {
    const { secret } = await createKey([...new Set(readRoutes.map((route) => route.permission))]);
    for (const route of readRoutes) {
      expect((await route.call(secret)).statusCode).toBe(route.ok);
    }
  });
});

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

describe("rate limit", () => {
  it("allows 100 requests a minute per key, then answers 429 with Retry-After", async () => {
    const { secret } = await createKey(["categories:read"]);
    for (let index = 1; index <= 100; index++) {
      const response = await callPublic("GET", "/public/categories", secret);
      expect(response.statusCode).toBe(200);
      expect(response.headers["ratelimit-limit"]).toBe("100");
      expect(response.headers["ratelimit-remaining"]).toBe(String(100 - index));
      if (index === 1) {
        expect(response.headers["ratelimit-policy"]).toBe("100;w=60");
        expect(Number(response.headers["ratelimit-reset"])).toBeGreaterThan(0);
        expect(Number(response.headers["ratelimit-reset"])).toBeLessThanOrEqual(60);
      }
    }
    const over = await callPublic("GET", "/public/categories", secret);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe("rate_limited");
    expect(over.headers["ratelimit-remaining"]).toBe("0");
    const retryAfter = Number(over.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another key of the same owner has its own budget.
    const other = await createKey(["categories:read"]);
    expect((await callPublic("GET", "/public/categories", other.secret)).statusCode).toBe(200);
  });

  it("refuses a key over its limit before looking it up in the database", async () => {
    const { secret, id } = await createKey(["categories:read"]);
    for (let index = 1; index <= 100; index++) {
      expect((await callPublic("GET", "/public/categories", secret)).statusCode).toBe(200);
    }
    // The key's row is gone: an answer that still depended on the lookup would be a 401.
    await app.database.db.delete(apiKeys).where(eq(apiKeys.id, id));
    const over = await callPublic("GET", "/public/categories", secret);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe("rate_limited");
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("answers a key over its limit from the HTTP server with the same 429, docs and other keys still served", async () => {
    const { secret } = await createKey(["categories:read"]);
    for (let index = 1; index <= 101; index++)
      await callPublic("GET", "/public/categories", secret);
    const other = await createKey(["categories:read"]);
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const over = await fetch(`${base}/public/categories?limit=5`, {
        headers: { "x-api-key": secret, "x-request-id": "refused-1" },
      });
      expect(over.status).toBe(429);
      expect(await over.json()).toMatchObject({ code: "rate_limited" });
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(over.headers.get("ratelimit-remaining")).toBe("0");
      expect(over.headers.get("ratelimit-limit")).toBe("100");
      expect(over.headers.get("x-request-id")).toBe("refused-1");
      const bearer = await fetch(`${base}/public/users`, {
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(bearer.status).toBe(429);
      await bearer.arrayBuffer();
      const docs = await fetch(`${base}/public/docs`, { headers: { "x-api-key": secret } });
      expect(docs.status).toBe(200);
      await docs.arrayBuffer();
      const fine = await fetch(`${base}/public/categories`, {
        headers: { "x-api-key": other.secret },
      });
      expect(fine.status).toBe(200);
      await fine.arrayBuffer();
    } finally {
      await app.server.close();
    }
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

describe("documentation", () => {
  it("publishes an OpenAPI document generated from the routes, without a key", async () => {
    const response = await app.inject({ method: "GET", url: "/public/openapi.json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe("3.1.0");
    expect(document.components.securitySchemes.ApiKeyHeader).toEqual({
      type: "apiKey",
      in: "header",
      name: "X-API-Key",
    });
    for (const route of routesByPermission) {
      const path = route.path;
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${path}`).toBeDefined();
      expect(operation["x-required-permission"]).toBe(route.permission);
      expect(Object.keys(operation.responses)).toEqual(
        expect.arrayContaining([String(route.ok), "401", "403", "429"]),
      );
    }
    const analyticsParams = document.paths["/public/analytics"].get.parameters.map(
      (parameter: { name: string }) => parameter.name,
    );
    expect(analyticsParams).toEqual(["from", "to", "articleId", "limit"]);
    // The update body is documented field by field although it is validated by a transform.
    const updateBody =
      document.paths["/public/articles/{id}"].put.requestBody.content["application/json"].schema;
    expect(Object.keys(updateBody.properties)).toEqual(
      expect.arrayContaining(["title", "excerpt", "content", "categoryId", "status"]),
    );
    expect(updateBody.properties.title.maxLength).toBe(200);
    // Absent fields keep their values, so no defaults are promised.
    expect(updateBody.properties.status.default).toBeUndefined();
    expect(document.paths["/public/openapi.json"]).toBeUndefined();
    // One template per path: '/a/{x}' beside '/a/{y}' is the same path twice (a validator error).
    const shapes = Object.keys(document.paths).map((path) => path.replace(/\{[^}]+\}/g, "{}"));
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it("states every rule of the create body, so a client that follows the document is not refused", async () => {
    const document = (await app.inject({ method: "GET", url: "/public/openapi.json" })).json();
    const body =
      document.paths["/public/articles"].post.requestBody.content["application/json"].schema;
    // The least a client reading the document would send: each required string as short as the
    // document allows (minLength, else one character).
    const payload: Record<string, unknown> = {};
    for (const name of body.required as string[]) {
      const property = body.properties[name];
      payload[name] =
        property.type === "string" ? "a".repeat(property.minLength ?? 1) : sampleCategoryId;
    }
    const { secret } = await createKey(["articles:create"]);
    const created = await callPublic("POST", "/public/articles", secret, { payload });
    expect(created.json().fields ?? {}).toEqual({});
    expect(created.statusCode).toBe(201);
    // Rules the schema checks beyond length are said in words.
    expect(body.properties.content.description).toContain("100 characters of text");
    expect(body.properties.featuredImage.anyOf[0].description).toContain("http(s) URL");
  });

  it("states the create body's rules for the update body too, and an update at those limits is taken", async () => {
    const document = (await app.inject({ method: "GET", url: "/public/openapi.json" })).json();
    const create =
      document.paths["/public/articles"].post.requestBody.content["application/json"].schema;
    const update =
      document.paths["/public/articles/{id}"].put.requestBody.content["application/json"].schema;
    // Every field may be left out of an update, and each one it names has the create body's rules.
    expect(update.required ?? []).toEqual([]);
    expect(Object.keys(update.properties).sort()).toEqual(Object.keys(create.properties).sort());
    // (A create default, tags: [], is no rule: an update leaves the stored value as it is.)
    const rules = ({ default: _, ...rest }: Record<string, unknown>) => rest;
    for (const name of Object.keys(update.properties))
      expect(rules(update.properties[name]), name).toEqual(rules(create.properties[name]));
    // A client following the document is not refused: each string at its documented minimum.
    const payload = Object.fromEntries(
      (create.required as string[])
        .filter((name) => create.properties[name].type === "string")
        .map((name) => [name, "b".repeat(create.properties[name].minLength ?? 1)]),
    );
    const { secret } = await createKey(["articles:update"]);
    const updated = await callPublic("PUT", `/public/articles/${editableId}`, secret, { payload });
    expect(updated.json().fields ?? {}).toEqual({});
    expect(updated.statusCode).toBe(200);
  });

  it("renders readable docs at /public/docs", async () => {
    const response = await app.inject({ method: "GET", url: "/public/docs" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
    expect(response.body).toContain("/public/categories");
    expect(response.body).toContain("analytics:read");
    expect(response.body).toContain("X-API-Key");
    expect(response.body).not.toContain("<script");
  });

  it("answers unknown public paths with a JSON 404", async () => {
    const response = await app.inject({ method: "GET", url: "/public/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe("route_not_found");
  });
});

describe.skipIf(!(await redisReachable()))("rate limit shared through Redis", () => {
  const prefix = `aw-test-${process.pid}-${randomBytes(4).toString("hex")}:`;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let secret: string;

  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix };
    [first, second] = await Promise.all([buildTestApp({}, env), buildTestApp({}, env)]);
    // Two instances behind one load balancer share one database; here each has its own
    // in-memory one, so the same key is stored in both.
    const generated = generateApiKeySecret();
    secret = generated.secret;
    for (const instance of [first, second]) {
      const [owner] = await instance.database.db
        .select()
        .from(users)
        .where(eq(users.email, "editor@aurumwire.test"));
      await createApiKeysRepository(instance.database.db).insert({
        userId: owner.id,
        name: "Shared",
        keyPrefix: generated.keyPrefix,
        keyHash: generated.keyHash,
        permissions: ["categories:read"],
      });
    }
  });
  afterAll(async () => {
    const cleanup = new Redis(redisUrl);
    const keys = await cleanup.keys(`${prefix}*`);
    if (keys.length) await cleanup.del(...keys);
    cleanup.disconnect();
    await Promise.all([first?.close(), second?.close()]);
  });

  it("counts requests to either instance against one limit of 100", async () => {
    const get = (instance: FastifyInstance) =>
      instance.inject({
        method: "GET",
        url: "/public/categories",
        headers: { "x-api-key": secret },
      });
    for (let index = 1; index <= 100; index++) {
      const response = await get(index % 2 ? first : second);
      expect(response.statusCode).toBe(200);
      expect(response.headers["ratelimit-remaining"]).toBe(String(100 - index));
    }
    const overOnFirst = await get(first);
    const overOnSecond = await get(second);
    expect(overOnFirst.statusCode).toBe(429);
    expect(overOnSecond.statusCode).toBe(429);
    expect(Number(overOnSecond.headers["retry-after"])).toBeGreaterThan(0);
  });
});
