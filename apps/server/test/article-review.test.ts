import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, loginAs } from "./helpers";
import { createArticle, createCategory } from "./newsroom-fixtures";

/**
 * Review before publishing (issue 31, decision 265): an author submits a draft, an editor returns
 * it with a note, the author reads the note and resubmits, an editor publishes it; the queue's
 * filter, counts, bell and audit entries follow each step.
 */
let app: FastifyInstance;
let admin: { authorization: string };
let editor: { authorization: string };
let author: { authorization: string };
let categoryId: number;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await loginAs(app, "admin");
  editor = await loginAs(app, "editor");
  author = await loginAs(app, "author");
  categoryId = (await createCategory(app, editor)).id;
});
afterAll(async () => {
  await app?.close();
});

const send = (
  headers: { authorization: string },
  method: "GET" | "POST" | "PUT",
  url: string,
  payload?: object,
) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function listIds(headers: { authorization: string }, status: string) {
  const response = await send(headers, "GET", `/api/admin/articles?status=${status}&limit=100`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().articles as Array<{ id: number; review: { state: string } | null }>).map(
    (article) => article.id,
  );
}

async function auditActions(articleId: number) {
  const response = await send(admin, "GET", `/api/audit-log/articles/${articleId}`);
  expect(response.statusCode, response.body).toBe(200);
  const entries = (response.json().entries ?? response.json()) as Array<{
    action: string;
    actor: { role: string };
    after: unknown;
  }>;
  return entries;
}

async function notificationKinds(headers: { authorization: string }, articleId: number) {
  const response = await send(headers, "GET", "/api/notifications");
  expect(response.statusCode).toBe(200);
  return (response.json().notifications as Array<{ kind: string; link: string }>)
    .filter((item) => item.link === `/dashboard/articles/${articleId}/edit`)
    .map((item) => item.kind);
}

describe("review before publishing", () => {
  it("walks submit, return with a note, resubmit and publish", async () => {
    const draft = await createArticle(app, author, categoryId);
    const countsBefore = (await send(editor, "GET", "/api/admin/articles/review-counts")).json();

    const submitted = await send(author, "POST", `/api/articles/${draft.id}/submit-for-review`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().review).toMatchObject({
      state: "in_review",
      note: null,
      submittedBy: { firstName: expect.any(String) },
    });
    // In the editors' queue, with its state in the list, counted and in the bell.
    expect(await listIds(editor, "review")).toContain(draft.id);
    expect(await listIds(editor, "draft")).toContain(draft.id);
    const row = (await send(editor, "GET", "/api/admin/articles?status=review&limit=100"))
      .json()
      .articles.find((article: { id: number }) => article.id === draft.id);
    expect(row).toMatchObject({ status: "draft", review: { state: "in_review" } });
    const countsAfter = (await send(editor, "GET", "/api/admin/articles/review-counts")).json();
    expect(countsAfter.inReview).toBe(countsBefore.inReview + 1);
    expect(await notificationKinds(editor, draft.id)).toEqual(["review_requested"]);
    expect(await notificationKinds(author, draft.id)).toEqual([]);
    // Still a draft: nothing reached readers.
    expect((await app.inject({ url: `/api/articles/${draft.slug}` })).statusCode).toBe(404);

    const note = "Please name the source of the ETF inflow figure in the second paragraph.";
    const returned = await send(editor, "POST", `/api/articles/${draft.id}/return`, { note });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().review).toMatchObject({
      state: "changes_requested",
      note,
      returnedBy: { firstName: expect.any(String) },
    });
    expect(await listIds(editor, "review")).not.toContain(draft.id);
    expect(await listIds(author, "changes_requested")).toContain(draft.id);
    // The author reads the note where they edit the article, and the bell tells them.
    const seen = await send(author, "GET", `/api/admin/articles/${draft.id}/review`);
    expect(seen.json().review).toMatchObject({ state: "changes_requested", note });
    expect(await notificationKinds(author, draft.id)).toEqual(["changes_requested"]);
    expect(
      (await send(author, "GET", "/api/admin/articles/review-counts")).json().changesRequested,
    ).toBeGreaterThanOrEqual(1);

    // The author fixes it (an ordinary save keeps the review state) and resubmits.
    const fixed = await send(author, "PUT", `/api/articles/${draft.id}`, {
      excerpt: "Spot bitcoin ETFs took in $1.2 billion in a week, according to Farside Investors.",
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(
      (await send(author, "GET", `/api/admin/articles/${draft.id}/review`)).json().review.state,
    ).toBe("changes_requested");
    const again = await send(author, "POST", `/api/articles/${draft.id}/submit-for-review`);
    expect(again.statusCode).toBe(200);
    // The editor still sees what was asked the first time.
    expect(again.json().review).toMatchObject({ state: "in_review", note });
    expect(await listIds(editor, "review")).toContain(draft.id);

    const published = await send(editor, "PUT", `/api/articles/${draft.id}`, {
      status: "published",
      publishedAt: new Date().toISOString(),
    });
    expect(published.statusCode, published.body).toBe(200);
    expect((await send(editor, "GET", `/api/admin/articles/${draft.id}/review`)).json()).toEqual({
      review: null,
    });
    expect(await listIds(editor, "review")).not.toContain(draft.id);
    expect((await app.inject({ url: `/api/articles/${draft.slug}` })).statusCode).toBe(200);
    expect(await notificationKinds(editor, draft.id)).toEqual([]);

    const actions = (await auditActions(draft.id)).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "article.submit_for_review",
        "article.return_for_changes",
        "article.publish",
      ]),
    );
    expect(actions.filter((action) => action === "article.submit_for_review")).toHaveLength(2);
    const returnEntry = (await auditActions(draft.id)).find(
      (entry) => entry.action === "article.return_for_changes",
    );
    expect(returnEntry).toMatchObject({ actor: { role: "editor" }, after: { note } });
  });

  it("takes a scheduled or archived article out of review", async () => {
    const scheduled = await createArticle(app, author, categoryId);
    await send(author, "POST", `/api/articles/${scheduled.id}/submit-for-review`);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const schedule = await send(admin, "PUT", `/api/articles/${scheduled.id}`, {
      status: "published",
      publishedAt: later,
    });
    expect(schedule.statusCode).toBe(200);
    expect(await listIds(admin, "review")).not.toContain(scheduled.id);

    const archived = await createArticle(app, author, categoryId);
    await send(author, "POST", `/api/articles/${archived.id}/submit-for-review`);
    expect(
      (await send(author, "PUT", `/api/articles/${archived.id}`, { status: "archived" }))
        .statusCode,
    ).toBe(200);
    expect(await listIds(admin, "review")).not.toContain(archived.id);
  });
});

describe("what the review refuses, changing nothing", () => {
  it("refuses an author returning, a second submission, and bad notes, each with a sentence", async () => {
    const draft = await createArticle(app, author, categoryId);
    const notInReview = await send(editor, "POST", `/api/articles/${draft.id}/return`, {
      note: "Too early.",
    });
    expect(notInReview.statusCode).toBe(409);
    expect(notInReview.json()).toMatchObject({
      code: "not_in_review",
      error: expect.stringContaining("not in review"),
    });
    await send(author, "POST", `/api/articles/${draft.id}/submit-for-review`);
    const twice = await send(author, "POST", `/api/articles/${draft.id}/submit-for-review`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: "already_in_review",
      error: "This article is already in review.",
    });

    const byAuthor = await send(author, "POST", `/api/articles/${draft.id}/return`, {
      note: "Returning my own article",
    });
    expect(byAuthor.statusCode).toBe(403);
    expect(byAuthor.json().error).toBe(
      "You need admin or editor privileges to return articles to their authors.",
    );
    for (const payload of [{}, { note: "   " }, { note: "x".repeat(2001) }]) {
      const bad = await send(editor, "POST", `/api/articles/${draft.id}/return`, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().error).toMatch(/note/i);
    }
    const review = (await send(author, "GET", `/api/admin/articles/${draft.id}/review`)).json();
    expect(review.review).toMatchObject({ state: "in_review", note: null });
    expect(
      (await auditActions(draft.id)).filter(
        (entry) => entry.action === "article.return_for_changes",
      ),
    ).toHaveLength(0);
  });

  it("refuses another author's article, a published one and a missing one", async () => {
    const editorsDraft = await createArticle(app, editor, categoryId);
    const notTheirs = await send(
      author,
      "POST",
      `/api/articles/${editorsDraft.id}/submit-for-review`,
    );
    expect(notTheirs.statusCode).toBe(403);
    expect(
      (await send(author, "GET", `/api/admin/articles/${editorsDraft.id}/review`)).statusCode,
    ).toBe(403);

    const live = await createArticle(app, editor, categoryId, { status: "published" });
    const published = await send(editor, "POST", `/api/articles/${live.id}/submit-for-review`);
    expect(published.statusCode).toBe(409);
    expect(published.json().code).toBe("already_published");

    const missing = await send(author, "POST", "/api/articles/987654/submit-for-review");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe("Article not found");
    const badFilter = await send(editor, "GET", "/api/admin/articles?status=pending");
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().error).toContain("status must be one of");
    expect((await app.inject({ method: "POST", url: "/api/articles/1/return" })).statusCode).toBe(
      401,
    );
  });

  it("shows authors only their own articles in the review filters and counts", async () => {
    const editorsDraft = await createArticle(app, editor, categoryId);
    await send(editor, "POST", `/api/articles/${editorsDraft.id}/submit-for-review`);
    expect(await listIds(admin, "review")).toContain(editorsDraft.id);
    expect(await listIds(author, "review")).not.toContain(editorsDraft.id);
    const all = (await send(admin, "GET", "/api/admin/articles/review-counts")).json();
    const own = (await send(author, "GET", "/api/admin/articles/review-counts")).json();
    expect(all.inReview).toBeGreaterThan(own.inReview);
    // An editor's own submission is not news in their own bell.
    expect(await notificationKinds(editor, editorsDraft.id)).toEqual([]);
    expect(await notificationKinds(admin, editorsDraft.id)).toEqual(["review_requested"]);
  });
});
