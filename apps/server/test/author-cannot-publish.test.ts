import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, auditLog } from "../src/db/schema";
import { ollamaHandler } from "./fake-ai-servers";
import { type FakeServer, startFakeServer } from "./fake-http-server";
import { buildTestApp, loginAs } from "./helpers";
import { createArticle, createCategory, validArticle } from "./newsroom-fixtures";

/**
 * Issue 31: "an author unable to publish by any endpoint". An author tries to publish, schedule
 * and feature through every endpoint that writes articles (the newsroom API, the public API with
 * the author's own key, the AI generator's save, revisions, review, live coverage), and every
 * other write route of the app is either shown to refuse authors or named here as one that cannot
 * make anything public. The list of routes is the app's own, so a new route fails this test until
 * someone says which kind it is.
 */
let app: FastifyInstance;
let ollama: FakeServer;
let author: { authorization: string };
let editor: { authorization: string };
let categoryId: number;
/** Every article the author made or touched here: none may end up public or featured. */
const touched = new Set<number>();

beforeAll(async () => {
  ollama = await startFakeServer(ollamaHandler);
  app = await buildTestApp({}, { OLLAMA_URL: ollama.url, OLLAMA_MODEL: "llama3.1" });
  author = await loginAs(app, "author");
  editor = await loginAs(app, "editor");
  categoryId = (await createCategory(app, editor)).id;
});
afterAll(async () => {
  await app?.close();
  await ollama?.close();
});

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();
const publishAttempts = () => [
  { status: "published" },
  { status: "published", publishedAt: tomorrow() },
  { isFeatured: true },
  { status: "published", isFeatured: true, publishedAt: new Date().toISOString() },
];
const call = (
  method: "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
  headers: Record<string, string> = author,
) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function ownDraft() {
  const draft = await createArticle(app, author, categoryId);
  touched.add(draft.id);
  return draft;
}

/** The write routes this test walks as the author, each with its attempts. */
const walked: Record<string, () => Promise<void>> = {
  "POST /api/articles": async () => {
    for (const attempt of publishAttempts()) {
      const response = await call("POST", "/api/articles", validArticle(categoryId, attempt));
      expect(response.statusCode, JSON.stringify(attempt)).toBe(403);
    }
  },
  "PUT /api/articles/:id": async () => {
    const draft = await ownDraft();
    for (const attempt of publishAttempts()) {
      const response = await call("PUT", `/api/articles/${draft.id}`, attempt);
      expect(response.statusCode, JSON.stringify(attempt)).toBe(403);
    }
    // A draft with a date is still a draft.
    const dated = await call("PUT", `/api/articles/${draft.id}`, {
      status: "draft",
      publishedAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(dated.statusCode).toBe(200);
  },
  "PUT /public/articles/:id": async () => {
    const key = await createKey();
    const draft = await ownDraft();
    for (const attempt of publishAttempts()) {
      const response = await app.inject({
        method: "PUT",
        url: `/public/articles/${draft.id}`,
        headers: { "x-api-key": key },
        payload: attempt,
      });
      expect(response.statusCode, JSON.stringify(attempt)).toBe(403);
    }
  },
  "POST /public/articles": async () => {
    const key = await createKey();
    for (const attempt of publishAttempts()) {
      const response = await app.inject({
        method: "POST",
        url: "/public/articles",
        headers: { "x-api-key": key },
        payload: validArticle(categoryId, attempt),
      });
      expect(response.statusCode, JSON.stringify(attempt)).toBe(403);
    }
  },
  "POST /api/ollama/generations/:id/draft": async () => {
    const generated = await call("POST", "/api/articles/generate-ollama", {
      prompt: "Bitcoin halving and miners",
    });
    expect(generated.statusCode, generated.body).toBe(200);
    const { article, generation } = generated.json();
    const saved = await call("POST", `/api/ollama/generations/${generation.id}/draft`, {
      ...article,
      categoryId,
      ...publishAttempts()[3],
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().article).toMatchObject({ status: "draft", isFeatured: false });
    touched.add(saved.json().article.id);
  },
  "POST /api/admin/articles/:id/revisions/:revisionId/restore": async () => {
    // A revision that was published: restoring it brings back the words, not the status.
    const draft = await ownDraft();
    await call("PUT", `/api/articles/${draft.id}`, { status: "published" }, editor);
    await call("PUT", `/api/articles/${draft.id}`, { title: `${draft.title} (edited live)` });
    await call("PUT", `/api/articles/${draft.id}`, { status: "draft" }, editor);
    const revisions = await app.inject({
      url: `/api/admin/articles/${draft.id}/revisions`,
      headers: author,
    });
    const published = revisions
      .json()
      .revisions.find((revision: { status: string }) => revision.status === "published");
    expect(published).toBeDefined();
    const restored = await call(
      "POST",
      `/api/admin/articles/${draft.id}/revisions/${published.id}/restore`,
    );
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().article).toMatchObject({ status: "draft", isFeatured: false });
  },
  "POST /api/articles/:id/submit-for-review": async () => {
    const draft = await ownDraft();
    const submitted = await call("POST", `/api/articles/${draft.id}/submit-for-review`);
    expect(submitted.statusCode).toBe(200);
  },
  "POST /api/articles/:id/return": async () => {
    const draft = await ownDraft();
    await call("POST", `/api/articles/${draft.id}/submit-for-review`);
    const returned = await call("POST", `/api/articles/${draft.id}/return`, { note: "Fine" });
    expect(returned.statusCode).toBe(403);
  },
  "POST /api/articles/:id/live-updates": async () => {
    // Live updates show on the article's public page: a draft has none.
    const draft = await ownDraft();
    const update = await call("POST", `/api/articles/${draft.id}/live-updates`, {
      content: "<p>Breaking: the exchange halted withdrawals.</p>",
    });
    expect([201, 409]).toContain(update.statusCode);
    expect((await app.inject({ url: `/api/articles/${draft.slug}` })).statusCode).toBe(404);
  },
};

/** Write routes an author may use that cannot make an article public, schedule or feature it. */
const cannotPublish: Record<string, string> = {
  "POST /api/auth/2fa/setup": "the author's own sign-in",
  "POST /api/auth/2fa/enable": "the author's own sign-in",
  "POST /api/auth/2fa/disable": "the author's own sign-in",
  "POST /api/auth/verify-email/resend": "the author's own account",
  "PUT /api/auth/profile": "the author's own profile",
  "DELETE /api/auth/sessions/:id": "the author's own sessions",
  "POST /api/auth/sessions/revoke-others": "the author's own sessions",
  "POST /api/users/:id/avatar": "the author's own picture",
  "POST /api/api-keys": "a key acts as its owner: walked above through /public/articles",
  "PUT /api/api-keys/:id": "a key acts as its owner: walked above through /public/articles",
  "DELETE /api/api-keys/:id": "removes a key",
  "POST /api/articles/:slugOrId/like": "a reader's like",
  "DELETE /api/articles/:id": "removes the author's own article",
  "POST /api/admin/articles/preview-html": "sanitizes text for /preview, stores nothing",
  "POST /api/ollama/research": "reads the archive",
  "POST /api/articles/generate-ollama": "writes a generation; its save is walked above",
  "POST /api/articles/upload": "stores an image file",
  "POST /api/articles/:id/generate-image": "sets the featured image only",
  "POST /api/stable-diffusion/bulk-generate": "sets featured images only",
  "POST /api/dalle/bulk-generate": "sets featured images only",
  "POST /api/image-batches/:id/cancel": "stops an image batch",
  "POST /api/sentiment/analyze": "scores text, stores nothing",
  "PUT /api/articles/:id/live-updates/:updateId": "corrects a live update (see POST, walked)",
  "DELETE /api/articles/:id/live-updates/:updateId": "removes a live update",
};

async function createKey(): Promise<string> {
  const response = await call("POST", "/api/api-keys", {
    name: `Author key ${Date.now()}`,
    permissions: ["articles:read", "articles:create", "articles:update"],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.apiKey;
}

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, "1");

describe("an author cannot publish by any endpoint", () => {
  it("knows every write route: walked, refused to authors, or unable to publish", () => {
    const writes = app.signedInRoutes
      .filter((route) => ["POST", "PUT", "PATCH", "DELETE"].includes(route.method))
      .map((route) => `${route.method} ${route.url}`);
    expect(writes.length).toBeGreaterThan(40);
    for (const name of [...Object.keys(walked), ...Object.keys(cannotPublish)]) {
      if (!name.includes(" /public/"))
        expect(writes, `${name} is no longer a route`).toContain(name);
    }
  });

  for (const [name, attempt] of Object.entries(walked)) {
    it(`walks ${name}`, attempt);
  }

  it("is refused every other write route (editors' and admins' only)", async () => {
    const others = app.signedInRoutes
      .filter((route) => ["POST", "PUT", "PATCH", "DELETE"].includes(route.method))
      .filter((route) => {
        const name = `${route.method} ${route.url}`;
        return !(name in walked) && !(name in cannotPublish);
      });
    // Campaigns, partner pushes, live coverage, categories, the landing page, users, settings...
    expect(others.length).toBeGreaterThan(30);
    const answers: string[] = [];
    for (const route of others) {
      const response = await app.inject({
        method: route.method as "POST",
        url: concrete(route.url),
        headers: author,
        payload: {},
      });
      if (response.statusCode !== 403) {
        answers.push(
          `${route.method} ${route.url}: ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
      }
    }
    expect(answers).toEqual([]);
  });

  it("left every article it touched unpublished, unscheduled and unfeatured", async () => {
    expect(touched.size).toBeGreaterThanOrEqual(6);
    const rows = await app.database.db
      .select({ id: articles.id, status: articles.status, isFeatured: articles.isFeatured })
      .from(articles)
      .where(inArray(articles.id, [...touched]));
    expect(rows).toHaveLength(touched.size);
    for (const row of rows) expect(row).toMatchObject({ status: "draft", isFeatured: false });
    const byAuthor = await app.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actorRole, "author"),
          inArray(auditLog.action, ["article.publish", "article.schedule", "article.feature"]),
        ),
      );
    expect(byAuthor).toEqual([]);
  });
});
