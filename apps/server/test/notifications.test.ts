import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, loginAs } from "./helpers";
import { createArticle, createCategory, type Headers } from "./newsroom-fixtures";

/** Decision 133: the bell shows the account's own articles that went public, or nothing. */

let app: FastifyInstance;
let editor: Headers;
let author: Headers;
let reader: Headers;
let categoryId: number;

beforeAll(async () => {
  app = await buildTestApp();
  editor = await loginAs(app, "editor");
  author = await loginAs(app, "author");
  reader = await loginAs(app, "reader");
  categoryId = (await createCategory(app, editor)).id;
});
afterAll(async () => {
  await app?.close();
});

const notificationsOf = (headers: Headers) =>
  app.inject({ method: "GET", url: "/api/notifications", headers });

describe("GET /api/notifications", () => {
  it("needs a signed-in account", async () => {
    expect((await notificationsOf({})).statusCode).toBe(401);
  });

  it("lists only the account's own articles that readers can see, newest first", async () => {
    const draft = await createArticle(app, author, categoryId, {
      title: "Author draft not public yet",
    });
    const scheduledByEditor = await createArticle(app, editor, categoryId, {
      title: "Editor piece scheduled for tomorrow",
      status: "published",
      publishedAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    // An editor publishes the author's draft: the author is told.
    const published = await app.inject({
      method: "PUT",
      url: `/api/articles/${draft.id}`,
      headers: editor,
      payload: { status: "published" },
    });
    expect(published.statusCode).toBe(200);

    const forAuthor = await notificationsOf(author);
    expect(forAuthor.statusCode).toBe(200);
    expect(forAuthor.headers["cache-control"]).toBe("private, no-store");
    const items = forAuthor.json().notifications;
    expect(items[0]).toMatchObject({
      id: `article-published:${draft.id}`,
      kind: "article_published",
      title: "Author draft not public yet",
      link: `/article/${draft.slug}`,
    });
    expect(
      items.every(
        (item: { id: string }) => item.id !== `article-published:${scheduledByEditor.id}`,
      ),
    ).toBe(true);

    // The editor's only article is still scheduled: nothing to show yet.
    const forEditor = (await notificationsOf(editor)).json().notifications;
    expect(forEditor.some((item: { title: string }) => item.title.includes("scheduled"))).toBe(
      false,
    );

    // A reader writes nothing: an empty list (the bell shows no badge).
    expect((await notificationsOf(reader)).json()).toEqual({ notifications: [] });
  });
});
