import { describe, expect, it } from "vitest";
import { admin, app, generate, ollama, useOllamaApp } from "./ai-writer-ollama-setup";
import {
  ollamaHandler,
  outlineAnswer,
  parseServerSentEvents,
  writeOllamaStream,
} from "./fake-ai-servers";
import { sendJson } from "./fake-http-server";

/** The AI writer against a local server speaking Ollama's protocol, its failures included. */
describe("AI writer with Ollama", () => {
  useOllamaApp();

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
});
