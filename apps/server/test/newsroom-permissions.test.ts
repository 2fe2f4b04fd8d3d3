import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, loginAs } from "./helpers";
import {
  createArticle,
  createCategory,
  type Headers,
  multipartBody,
  sampleImage,
  validArticle,
} from "./newsroom-fixtures";

/**
 * Spec point 6 on the server: every write endpoint of the newsroom against admin, editor, author,
 * an ordinary user and an anonymous visitor. A refused attempt changes nothing.
 */
type Who = "admin" | "editor" | "author" | "user" | "anonymous";
const everyone: Who[] = ["admin", "editor", "author", "user", "anonymous"];

let app: FastifyInstance;
const headers = {} as Record<Who, Headers>;
let categoryId: number;
let image: Buffer;

beforeAll(async () => {
  app = await buildTestApp();
  headers.admin = await loginAs(app, "admin");
  headers.editor = await loginAs(app, "editor");
  headers.author = await loginAs(app, "author");
  headers.user = await loginAs(app, "reader");
  headers.anonymous = {};
  categoryId = (await createCategory(app, headers.editor)).id;
  image = await sampleImage("png", 300, 200);
});
afterAll(async () => {
  await app?.close();
});

type Attempt = {
  method: "POST" | "PUT" | "DELETE" | "GET";
  url: string;
  payload?: object | Buffer;
  extraHeaders?: Record<string, string>;
  /** Reads the state the attempt would change, to prove a refusal changed nothing. */
  readState?: () => Promise<unknown>;
};

type Case = {
  name: string;
  /** Builds a fresh target for each role, so one role's success does not change the next case. */
  prepare: () => Promise<Attempt>;
  allowed: Partial<Record<Who, number>>;
  /** The message of the 403 answers. */
  refusal: string;
  /** An ordinary user is stopped at the door with the route's message, when it differs. */
  userRefusal?: string;
};

const staffOnly = (action: string) => `You need admin, editor or author privileges to ${action}.`;
const editorsOnly = (action: string) => `You need admin or editor privileges to ${action}.`;

const readArticle = (id: number) => async () =>
  (
    await app.inject({ method: "GET", url: `/api/admin/articles/${id}`, headers: headers.admin })
  ).json();
const readCategories = async () =>
  (
    await app.inject({ method: "GET", url: "/api/admin/categories", headers: headers.admin })
  ).json();
const readSettings = async () =>
  (await app.inject({ method: "GET", url: "/api/site-settings" })).json();

const cases: Case[] = [
  {
    name: "POST /api/articles (draft)",
    prepare: async () => ({
      method: "POST",
      url: "/api/articles",
      payload: validArticle(categoryId),
    }),
    allowed: { admin: 201, editor: 201, author: 201 },
    refusal: staffOnly("create articles"),
  },
  {
    name: "POST /api/articles (published)",
    prepare: async () => ({
      method: "POST",
      url: "/api/articles",
      payload: validArticle(categoryId, { status: "published" }),
    }),
    allowed: { admin: 201, editor: 201 },
    refusal: editorsOnly("publish articles"),
    userRefusal: staffOnly("create articles"),
  },
  {
    name: "POST /api/articles (featured)",
    prepare: async () => ({
      method: "POST",
      url: "/api/articles",
      payload: validArticle(categoryId, { isFeatured: true }),
    }),
    allowed: { admin: 201, editor: 201 },
    refusal: editorsOnly("feature articles"),
    userRefusal: staffOnly("create articles"),
  },
  {
    name: "PUT /api/articles/:id (the author's own draft)",
    prepare: async () => {
      const article = await createArticle(app, headers.author, categoryId);
      return {
        method: "PUT",
        url: `/api/articles/${article.id}`,
        payload: { title: "An edited headline for this story" },
        readState: readArticle(article.id),
      };
    },
    allowed: { admin: 200, editor: 200, author: 200 },
    refusal: staffOnly("edit articles"),
  },
  {
    name: "PUT /api/articles/:id (another author's article)",
    prepare: async () => {
      const article = await createArticle(app, headers.editor, categoryId);
      return {
        method: "PUT",
        url: `/api/articles/${article.id}`,
        payload: { title: "An edited headline for this story" },
        readState: readArticle(article.id),
      };
    },
    allowed: { admin: 200, editor: 200 },
    refusal: editorsOnly("edit articles by other authors"),
    userRefusal: staffOnly("edit articles"),
  },
  {
    name: "PUT /api/articles/:id publish (own draft)",
    prepare: async () => {
      const article = await createArticle(app, headers.author, categoryId);
      return {
        method: "PUT",
        url: `/api/articles/${article.id}`,
        payload: { status: "published", publishedAt: new Date().toISOString() },
        readState: readArticle(article.id),
      };
    },
    allowed: { admin: 200, editor: 200 },
    refusal: editorsOnly("publish articles"),
    userRefusal: staffOnly("edit articles"),
  },
  {
    name: "PUT /api/articles/:id feature (own article)",
    prepare: async () => {
      const article = await createArticle(app, headers.author, categoryId);
      return {
        method: "PUT",
        url: `/api/articles/${article.id}`,
        payload: { isFeatured: true },
        readState: readArticle(article.id),
      };
    },
    allowed: { admin: 200, editor: 200 },
    refusal: editorsOnly("feature articles"),
    userRefusal: staffOnly("edit articles"),
  },
  {
    name: "DELETE /api/articles/:id (own article)",
    prepare: async () => {
      const article = await createArticle(app, headers.author, categoryId);
      return {
        method: "DELETE",
        url: `/api/articles/${article.id}`,
        readState: readArticle(article.id),
      };
    },
    allowed: { admin: 204, editor: 204, author: 204 },
    refusal: staffOnly("delete articles"),
  },
  {
    name: "DELETE /api/articles/:id (another author's article)",
    prepare: async () => {
      const article = await createArticle(app, headers.editor, categoryId);
      return {
        method: "DELETE",
        url: `/api/articles/${article.id}`,
        readState: readArticle(article.id),
      };
    },
    allowed: { admin: 204, editor: 204 },
    refusal: editorsOnly("delete articles by other authors"),
    userRefusal: staffOnly("delete articles"),
  },
  {
    name: "GET /api/admin/articles/:id (another author's draft)",
    prepare: async () => {
      const article = await createArticle(app, headers.editor, categoryId);
      return { method: "GET", url: `/api/admin/articles/${article.id}` };
    },
    allowed: { admin: 200, editor: 200 },
    refusal: editorsOnly("edit articles by other authors"),
    userRefusal: staffOnly("edit articles"),
  },
  {
    name: "POST /api/admin/articles/:id/revisions/:rev/restore (own article)",
    prepare: async () => {
      const article = await createArticle(app, headers.author, categoryId);
      await app.inject({
        method: "PUT",
        url: `/api/articles/${article.id}`,
        headers: headers.author,
        payload: { title: "A second version of the headline" },
      });
      const revisions = await app.inject({
        method: "GET",
        url: `/api/admin/articles/${article.id}/revisions`,
        headers: headers.author,
      });
      const [revision] = revisions.json().revisions;
      return {
        method: "POST",
        url: `/api/admin/articles/${article.id}/revisions/${revision.id}/restore`,
        readState: readArticle(article.id),
      };
    },
    allowed: { admin: 200, editor: 200, author: 200 },
    refusal: staffOnly("edit articles"),
  },
  {
    name: "POST /api/articles/upload",
    prepare: async () => {
      const body = multipartBody(image, { filename: "cover.png", contentType: "image/png" });
      return {
        method: "POST",
        url: "/api/articles/upload",
        payload: body.payload,
        extraHeaders: body.headers,
      };
    },
    allowed: { admin: 200, editor: 200, author: 200 },
    refusal: staffOnly("upload images"),
  },
  {
    name: "POST /api/categories",
    prepare: async () => ({
      method: "POST",
      url: "/api/categories",
      payload: { name: `New category ${Math.random()}` },
      readState: readCategories,
    }),
    allowed: { admin: 201, editor: 201 },
    refusal: editorsOnly("manage categories"),
  },
  {
    name: "PUT /api/categories/:id",
    prepare: async () => {
      const category = await createCategory(app, headers.editor);
      return {
        method: "PUT",
        url: `/api/categories/${category.id}`,
        payload: { name: "Renamed category", color: "#123456" },
        readState: readCategories,
      };
    },
    allowed: { admin: 200, editor: 200 },
    refusal: editorsOnly("manage categories"),
  },
  {
    name: "DELETE /api/categories/:id",
    prepare: async () => {
      const category = await createCategory(app, headers.editor);
      return {
        method: "DELETE",
        url: `/api/categories/${category.id}`,
        readState: readCategories,
      };
    },
    allowed: { admin: 200, editor: 200 },
    refusal: editorsOnly("manage categories"),
  },
  {
    name: "PUT /api/site-settings",
    prepare: async () => ({
      method: "PUT",
      url: "/api/site-settings",
      payload: { heroDisplayMode: "carousel" },
      readState: readSettings,
    }),
    allowed: { admin: 200 },
    refusal: "You need admin privileges to change site settings.",
  },
];

describe.each(cases)("$name", ({ prepare, allowed, refusal, userRefusal }) => {
  it.each(everyone)("as %s", async (who) => {
    const attempt = await prepare();
    const before = attempt.readState ? await attempt.readState() : undefined;
    const response = await app.inject({
      method: attempt.method,
      url: attempt.url,
      payload: attempt.payload,
      headers: { ...headers[who], ...attempt.extraHeaders },
    });
    const expected = allowed[who];
    if (expected) {
      expect(response.statusCode, response.body).toBe(expected);
      return;
    }
    if (who === "anonymous") {
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe("unauthorized");
    } else {
      expect(response.statusCode).toBe(403);
      const message = who === "user" ? (userRefusal ?? refusal) : refusal;
      expect(response.json()).toEqual({ error: message, code: "forbidden" });
    }
    if (attempt.readState) expect(await attempt.readState()).toEqual(before);
  });
});
