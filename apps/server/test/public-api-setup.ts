import type { ApiKeyPermission } from "@aurumwire/shared/api-keys";
import { articleInputSchema, articleListQuerySchema } from "@aurumwire/shared/articles";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect } from "vitest";
import { users } from "../src/db/schema";
import { buildTestApp, loginAs } from "./helpers";

/**
 * The public API's test files (public-api, public-api-content, public-api-docs,
 * public-api-rate-limit): one server with the admin and the editor signed in, keys made through
 * the dashboard's route, and every public route with the permission that opens it. The bindings
 * below are set by `usePublicApi()`'s hooks; a test reads them once it runs.
 */

export let app: FastifyInstance;
export let admin: { authorization: string };
export let editor: { authorization: string };

/** Starts the server and finds the sample articles before the file's tests, and stops it after. */
export function usePublicApi() {
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
}

export async function createKey(
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

export const callPublic = (
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
export let sampleSlug = "";
export let sampleCategoryId = 0;
/** An article the editor (owner of the matrix keys) may change. */
export let editableId = 0;

export const articleBody = (overrides: Record<string, unknown> = {}) => ({
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
export async function createArticleAsEditor(overrides: Record<string, unknown> = {}) {
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
export const routesByPermission: Array<{
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

export const readRoutes = routesByPermission.filter((route) => route.method === "GET");
