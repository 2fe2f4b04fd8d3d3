import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { insertCategory, userId } from "./article-fixtures";
import { buildTestApp, loginAs } from "./helpers";

/**
 * The reading side's test files (articles-read, articles-search, articles-popularity,
 * categories-read): one server with three signed-in roles and a test desk, its child and an
 * inactive desk. The bindings below are set by `useReadingDesk()`'s hooks; a test reads them once
 * it runs.
 */

export let app: FastifyInstance;
export let editorHeaders: { authorization: string };
export let authorHeaders: { authorization: string };
export let readerHeaders: { authorization: string };
export let adminId: number;
export let authorId: number;
export let editorId: number;
export let desk: { id: number; slug: string };
export let deskChild: { id: number; slug: string };
export let hiddenDesk: { id: number; slug: string };

export const hour = 60 * 60 * 1000;

/** Starts the server and makes the desks before the file's tests, and stops it after. */
export function useReadingDesk() {
  beforeAll(async () => {
    app = await buildTestApp();
    editorHeaders = await loginAs(app, "editor");
    authorHeaders = await loginAs(app, "author");
    readerHeaders = await loginAs(app, "reader");
    adminId = await userId(app, "admin@aurumwire.test");
    authorId = await userId(app, "author@aurumwire.test");
    editorId = await userId(app, "editor@aurumwire.test");
    desk = await insertCategory(app, { name: "Test Desk", slug: "test-desk", color: "#123456" });
    deskChild = await insertCategory(app, {
      name: "Test Desk Child",
      slug: "test-desk-child",
      parentId: desk.id,
    });
    hiddenDesk = await insertCategory(app, {
      name: "Hidden Desk",
      slug: "hidden-desk",
      isActive: false,
    });
  });

  afterAll(async () => {
    await app?.close();
  });
}

export async function list(query: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: "GET", url: `/api/articles?${query}`, headers });
  return response;
}
