import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../src/db/schema";
import { admin, app, categoryId, generate, ollama, useOllamaApp } from "./ai-writer-ollama-setup";
import { ollamaHandler, outlineAnswer } from "./fake-ai-servers";
import { sendJson } from "./fake-http-server";
import { loginAs } from "./helpers";

/** What the Ollama writer's drafts become: saved once, logged, styled, and drafted from briefs. */
describe("AI writer with Ollama: drafts, the log and the style guide", () => {
  useOllamaApp();

  it("saves the preview as a draft through the article editor, linked to its generation", async () => {
    const generated = (await generate()).json();
    const author = await loginAs(app, "author");
    const stranger = await app.inject({
      method: "POST",
      url: `/api/ollama/generations/${generated.generation.id}/draft`,
      headers: author,
      payload: { ...generated.article, categoryId },
    });
    expect(stranger.statusCode).toBe(404);

    const saved = await app.inject({
      method: "POST",
      url: `/api/ollama/generations/${generated.generation.id}/draft`,
      headers: admin,
      payload: { ...generated.article, categoryId, status: "published", isFeatured: true },
    });
    expect(saved.statusCode).toBe(201);
    const article = saved.json().article;
    expect(article).toMatchObject({
      title: outlineAnswer.title,
      status: "draft",
      isFeatured: false,
      isPremium: false,
      publishedAt: null,
      categoryId,
    });
    const editing = await app.inject({
      method: "GET",
      url: `/api/admin/articles/${article.id}`,
      headers: admin,
    });
    expect(editing.json().article.content).toContain("<h2>Sources</h2>");
    // Saved generations are in the audit log (decision 203).
    const [audited] = await app.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "ai.generation_saved"), eq(auditLog.targetId, String(article.id))),
      );
    expect(audited).toMatchObject({ actorRole: "admin", targetType: "article" });

    const noCategory = await app.inject({
      method: "POST",
      url: `/api/ollama/generations/${generated.generation.id}/draft`,
      headers: admin,
      payload: { ...generated.article, categoryId: undefined },
    });
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().error).toContain("Category is required");
  });

  it("makes one draft of a generation however often, and at once, it is saved", async () => {
    const generated = (await generate()).json();
    const save = () =>
      app.inject({
        method: "POST",
        url: `/api/ollama/generations/${generated.generation.id}/draft`,
        headers: admin,
        payload: { ...generated.article, categoryId },
      });
    // A double click: both requests arrive before either is answered.
    const [first, second] = await Promise.all([save(), save()]);
    const third = await save();
    const ids = [first, second, third].map((response) => response.json().article?.id);
    expect(ids[0]).toBeGreaterThan(0);
    expect(new Set(ids)).toEqual(new Set([ids[0]]));
    const drafts = await app.inject({
      method: "GET",
      url: `/api/admin/articles?search=${encodeURIComponent(outlineAnswer.title)}&limit=100`,
      headers: admin,
    });
    const sameTitle = drafts
      .json()
      .articles.filter((article: { id: number }) => article.id >= ids[0]);
    expect(sameTitle).toHaveLength(1);
    // The audit log follows the save: one entry for the one draft, not one per click (issue 31).
    const entries = await app.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "ai.generation_saved"), eq(auditLog.targetId, String(ids[0]))),
      );
    expect(entries).toHaveLength(1);
  });

  it("keeps a log of every generation, and saves nothing when one fails", async () => {
    const before = await app.inject({ method: "GET", url: "/api/ollama/status", headers: admin });
    ollama.setHandler((_request, response) => sendJson(response, 500, { error: "boom" }));
    const articlesBefore = await app.inject({
      method: "GET",
      url: "/api/admin/articles?limit=1",
      headers: admin,
    });
    await generate();
    const articlesAfter = await app.inject({
      method: "GET",
      url: "/api/admin/articles?limit=1",
      headers: admin,
    });
    expect(articlesAfter.json().pagination.total).toBe(articlesBefore.json().pagination.total);
    ollama.setHandler(ollamaHandler);
    const after = await app.inject({ method: "GET", url: "/api/ollama/status", headers: admin });
    expect(after.json().usedToday).toBe(before.json().usedToday + 1);

    await generate({ length: "short" });
    const log = await app.inject({
      method: "GET",
      url: "/api/ollama/generations?limit=2",
      headers: admin,
    });
    const [succeeded, failed] = log.json().generations;
    expect(succeeded).toMatchObject({
      provider: "ollama",
      model: "llama3.1",
      topic: "Bitcoin halving and miners",
      outcome: "succeeded",
      errorCode: null,
      tokensIn: 400,
      tokensOut: 200,
      user: { firstName: expect.any(String) },
    });
    expect(succeeded.sources.length).toBeGreaterThan(0);
    expect(failed).toMatchObject({ outcome: "failed", errorCode: "ai_provider_error" });
    const author = await loginAs(app, "author");
    const own = await app.inject({
      method: "GET",
      url: "/api/ollama/generations",
      headers: author,
    });
    expect(own.json().generations).toEqual([]);
  });

  it("adds the admin's style guide to every prompt", async () => {
    const author = await loginAs(app, "author");
    const refused = await app.inject({
      method: "PUT",
      url: "/api/site-settings/writer-style-guide",
      headers: author,
      payload: { styleGuide: "Anything" },
    });
    expect(refused.statusCode).toBe(403);
    const tooLong = await app.inject({
      method: "PUT",
      url: "/api/site-settings/writer-style-guide",
      headers: admin,
      payload: { styleGuide: "x".repeat(4001) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toContain("at most 4000 characters");
    const saved = await app.inject({
      method: "PUT",
      url: "/api/site-settings/writer-style-guide",
      headers: admin,
      payload: { styleGuide: "  Write BTC as bitcoin. Never use the word moon.  " },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      styleGuide: "Write BTC as bitcoin. Never use the word moon.",
      updatedBy: { firstName: expect.any(String) },
    });
    const read = await app.inject({
      method: "GET",
      url: "/api/site-settings/writer-style-guide",
      headers: author,
    });
    expect(read.json().data.styleGuide).toBe("Write BTC as bitcoin. Never use the word moon.");
    const publicSettings = await app.inject({ method: "GET", url: "/api/site-settings" });
    expect(publicSettings.body).not.toContain("moon");

    await generate({ length: "short" });
    const calls = ollama.requestsTo("/api/chat");
    expect(calls).toHaveLength(4);
    for (const call of calls) {
      expect(JSON.parse(call.body).messages[0].content).toContain(
        "House style guide:\nWrite BTC as bitcoin. Never use the word moon.",
      );
    }
  });

  it("drafts the fuller story of a breaking-news brief for review, and keeps the brief", async () => {
    const brief = await app.inject({
      method: "POST",
      url: "/api/news/generate-article",
      payload: { newsId: "fallback-1" },
    });
    expect(brief.statusCode).toBe(200);
    const briefSlug = brief.json().article.slug;
    const published = await app.inject({ method: "GET", url: `/api/articles/${briefSlug}` });
    expect(published.statusCode).toBe(200);

    let draft: { id: number; status: string; author: { firstName: string } } | undefined;
    for (let attempt = 0; attempt < 100 && !draft; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const drafts = await app.inject({
        method: "GET",
        url: "/api/admin/articles?status=draft&limit=50",
        headers: admin,
      });
      draft = drafts
        .json()
        .articles.find(
          (article: { author: { firstName: string } }) => article.author.firstName === "AurumWire",
        );
    }
    expect(draft).toMatchObject({ status: "draft" });
    const full = await app.inject({
      method: "GET",
      url: `/api/admin/articles/${draft!.id}`,
      headers: admin,
    });
    expect(full.json().article.content).toContain(`<a href="/article/${briefSlug}">[1]</a>`);
    const outline = ollama.requestsTo("/api/chat").find((call) => JSON.parse(call.body).format);
    expect(JSON.parse(outline!.body).messages[1].content).toContain(`link /article/${briefSlug}`);
    // The brief stays published and the item keeps pointing at it.
    const again = await app.inject({
      method: "POST",
      url: "/api/news/generate-article",
      payload: { newsId: "fallback-1" },
    });
    expect(again.json()).toMatchObject({ article: { slug: briefSlug }, created: false });
  });
});
