import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog } from "../src/db/schema";
import {
  ollamaHandler,
  outlineAnswer,
  parseServerSentEvents,
  writeOllamaStream,
} from "./fake-ai-servers";
import { type FakeServer, sendJson, startFakeServer } from "./fake-http-server";
import { buildTestApp, loginAs } from "./helpers";

/** The AI writer against a local server speaking Ollama's protocol, its failures included. */
describe("AI writer with Ollama", () => {
  let app: FastifyInstance;
  let ollama: FakeServer;
  let admin: { authorization: string };
  let categoryId: number;

  beforeAll(async () => {
    ollama = await startFakeServer(ollamaHandler);
    app = await buildTestApp({}, { OLLAMA_URL: ollama.url, OLLAMA_MODEL: "llama3.1" });
    admin = await loginAs(app, "admin");
    const categories = await app.inject({ method: "GET", url: "/api/categories" });
    const list = categories.json();
    categoryId = (Array.isArray(list) ? list : list.categories)[0].id;
  });
  afterAll(async () => {
    await app.close();
    await ollama.close();
  });
  beforeEach(() => {
    ollama.setHandler(ollamaHandler);
    ollama.requests.length = 0;
  });

  const generate = (payload: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    app.inject({
      method: "POST",
      url: "/api/articles/generate-ollama",
      headers: { ...admin, ...headers },
      payload: { prompt: "Bitcoin halving and miners", keywords: "mining, halving", ...payload },
    });

  it("reports the provider, the model and that it is installed", async () => {
    const status = await app.inject({ method: "GET", url: "/api/ollama/status", headers: admin });
    expect(status.json()).toMatchObject({
      configured: true,
      provider: "ollama",
      model: "llama3.1",
      reachable: true,
      modelAvailable: true,
    });
    const models = await app.inject({ method: "GET", url: "/api/ollama/models", headers: admin });
    expect(models.json()).toEqual({
      provider: "ollama",
      model: "llama3.1",
      models: ["llama3.1:latest", "mistral:7b"],
    });
  });

  it("writes a grounded draft: outline, then each section, sources linked, figures checked", async () => {
    const response = await generate();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const { article, sources, figureChecks, seo, generation } = body;
    expect(article.title).toBe(outlineAnswer.title);
    expect(article.excerpt).toBe(outlineAnswer.excerpt);
    expect(article.metaTitle.length).toBeLessThanOrEqual(60);
    expect(article.metaDescription.length).toBeLessThanOrEqual(160);
    expect(article.tags).toEqual(expect.arrayContaining(["bitcoin", "halving", "mining"]));
    expect(article.featuredImage).toBeNull();
    expect(article.readingTime).toBeGreaterThanOrEqual(1);
    // Medium is four sections: the model's fifth is dropped.
    expect(article.content.match(/<h2>/g)).toHaveLength(5); // 4 sections + Sources
    expect(article.content).not.toContain("An extra section");
    expect(article.content).not.toContain("<script");
    expect(article.content).not.toContain("alert(");

    expect(sources.length).toBeGreaterThan(0);
    expect(article.content).toContain(`<a href="/article/${sources[0].slug}">[1]</a>`);
    expect(article.content).toContain("<h2>Sources</h2>");
    expect(figureChecks.map((check: { figure: string }) => check.figure)).toContain("$123,456");
    expect(seo.score).toBeGreaterThan(0);
    expect(generation).toMatchObject({ provider: "ollama", model: "llama3.1" });
    // 1 outline + 4 sections, 100 in and 50 out each.
    expect(generation.tokensIn).toBe(500);
    expect(generation.tokensOut).toBe(250);

    const calls = ollama.requestsTo("/api/chat");
    expect(calls).toHaveLength(5);
    const outline = JSON.parse(calls[0].body);
    expect(outline).toMatchObject({ model: "llama3.1", stream: true, format: "json" });
    expect(outline.messages[0].content).toContain("Use only facts");
    expect(outline.messages[1].content).toContain(sources[0].title);
    expect(JSON.parse(calls[1].body).messages[1].content).toContain("Write section 1 of 4");
  });

  it("streams progress as server-sent events", async () => {
    const response = await generate({ length: "short" }, { accept: "text/event-stream" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/event-stream");
    const events = parseServerSentEvents(response.body);
    const messages = events.filter((e) => e.event === "progress").map((e) => e.data.message);
    expect(messages).toEqual([
      "Finding sources",
      "Outlining",
      "Writing section 1 of 3",
      "Writing section 2 of 3",
      "Writing section 3 of 3",
      "Checking figures",
    ]);
    const result = events.at(-1)!;
    expect(result.event).toBe("result");
    expect(result.data.article?.title).toBe(outlineAnswer.title);
  });

  it("reports a failure as an error event when streaming", async () => {
    ollama.setHandler((request, response) => {
      if (request.path === "/api/chat") return sendJson(response, 500, { error: "out of memory" });
      ollamaHandler(request, response);
    });
    const response = await generate({}, { accept: "text/event-stream" });
    const events = parseServerSentEvents(response.body);
    expect(events.at(-1)).toEqual({
      event: "error",
      data: {
        error: expect.stringContaining("out of memory"),
        code: "ai_provider_error",
        status: 502,
      },
    });
  });

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

  it("names a model that is not installed", async () => {
    ollama.setHandler((request, response) => {
      if (request.path === "/api/chat") {
        return sendJson(response, 404, {
          error: 'model "llama3.1" not found, try pulling it first',
        });
      }
      if (request.path === "/api/tags") return sendJson(response, 200, { models: [] });
    });
    const response = await generate();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: "ai_model_not_found" });
    expect(response.json().error).toContain("ollama pull llama3.1");
    const status = await app.inject({ method: "GET", url: "/api/ollama/status", headers: admin });
    expect(status.json()).toMatchObject({ reachable: true, modelAvailable: false });
  });

  it("passes on a 429 with its Retry-After", async () => {
    ollama.setHandler((_request, response) => {
      response.setHeader("retry-after", "30");
      sendJson(response, 429, { error: "too many requests" });
    });
    const response = await generate();
    expect(response.statusCode).toBe(429);
    expect(response.headers["retry-after"]).toBe("30");
    expect(response.json()).toMatchObject({ code: "ai_rate_limited" });
    expect(response.json().error).toContain("30 seconds");
  });

  it("answers 502 for a 5xx, a malformed line, an error mid-stream and a stream cut short", async () => {
    const cases: [string, (response: import("node:http").ServerResponse) => void, string][] = [
      ["5xx", (response) => sendJson(response, 503, { error: "server busy" }), "ai_provider_error"],
      [
        "malformed",
        (response) => {
          response.setHeader("content-type", "application/x-ndjson");
          response.end(
            '{"model":"llama3.1","message":{"content":"Hi"},"done":false}\n<html>oops\n',
          );
        },
        "ai_malformed_answer",
      ],
      [
        "error mid-stream",
        (response) =>
          writeOllamaStream(response, JSON.stringify(outlineAnswer), { errorMidway: "GPU lost" }),
        "ai_provider_error",
      ],
      [
        "cut short",
        (response) =>
          writeOllamaStream(response, JSON.stringify(outlineAnswer), { cutShort: true }),
        "ai_incomplete_answer",
      ],
      [
        "outline not JSON",
        (response) => writeOllamaStream(response, "Sure! Here is an outline: 1. Intro 2. More"),
        "ai_malformed_answer",
      ],
    ];
    for (const [name, answer, code] of cases) {
      ollama.setHandler((_request, response) => answer(response));
      const response = await generate();
      expect(response.statusCode, name).toBe(502);
      expect(response.json().code, name).toBe(code);
      expect(response.json().error.length, name).toBeGreaterThan(20);
    }
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
