import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildTestApp, loginAs } from "./helpers";
import { createCategory, type Headers } from "./newsroom-fixtures";

/**
 * The newsroom editor's test files (article-editor, article-revisions, article-management): one
 * server with the admin, an editor and an author signed in and a category to write in. The
 * bindings below are set by `useArticleEditor()`'s hooks; a test reads them once it runs.
 */

export let app: FastifyInstance;
export let admin: Headers;
export let editor: Headers;
export let author: Headers;
export let categoryId: number;

/** Starts the server, signs the three in and makes the category before the file's tests. */
export function useArticleEditor() {
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
}

export const post = (headers: Headers, payload: unknown) =>
  app.inject({ method: "POST", url: "/api/articles", headers, payload: payload as object });
export const put = (headers: Headers, id: number, payload: unknown) =>
  app.inject({ method: "PUT", url: `/api/articles/${id}`, headers, payload: payload as object });
export const getForEditing = (headers: Headers, id: number) =>
  app.inject({ method: "GET", url: `/api/admin/articles/${id}`, headers });
