import { request as httpRequest } from "node:http";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ollamaHandler } from "./fake-ai-servers";
import { type FakeServer, hang, startFakeServer } from "./fake-http-server";
import { buildTestApp, loginAs } from "./helpers";

/**
 * The generation time-out, cancelling, and each staff member's daily limit. Only the app whose
 * model never answers has a short time-out (a test bounds a hang, never a duration); the app the
 * answering stand-in serves keeps the default.
 */
describe("AI writer time-out, cancel and daily limit", () => {
  let app: FastifyInstance;
  let quick: FastifyInstance;
  let ollama: FakeServer;
  let baseUrl: string;
  let author: { authorization: string };

  beforeAll(async () => {
    ollama = await startFakeServer(ollamaHandler);
    const env = { OLLAMA_URL: ollama.url, AI_DAILY_GENERATION_LIMIT: "2" };
    app = await buildTestApp({}, env);
    quick = await buildTestApp({ aiGenerationTimeoutMs: 10_000 }, env);
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address() as { port: number };
    baseUrl = `http://127.0.0.1:${address.port}`;
    author = await loginAs(app, "author");
  });
  afterAll(async () => {
    await app?.close();
    await quick?.close();
    await ollama?.close();
  });

  it("gives up after the time-out with a clear 504", async () => {
    ollama.setHandler(hang);
    const response = await quick.inject({
      method: "POST",
      url: "/api/articles/generate-ollama",
      headers: await loginAs(quick, "author"),
      payload: { prompt: "Bitcoin halving" },
    });
    expect(response.statusCode).toBe(504);
    expect(response.json().code).toBe("ai_timeout");
    expect(response.json().error).toContain("5 minutes");
  });

  it("stops the model call when the browser cancels", async () => {
    let closedAt = 0;
    ollama.setHandler((_request, response) => {
      response.on("close", () => {
        closedAt = Date.now();
      });
    });
    ollama.requests.length = 0;
    // A plain HTTP request: destroying it is what a browser's Cancel (fetch abort) does.
    const request = httpRequest(`${baseUrl}/api/articles/generate-ollama`, {
      method: "POST",
      headers: { ...author, "content-type": "application/json", accept: "text/event-stream" },
    });
    request.on("error", () => {});
    const firstEvent = new Promise<string>((resolve) => {
      request.on("response", (response) =>
        response.once("data", (chunk) => resolve(String(chunk))),
      );
    });
    request.end(JSON.stringify({ prompt: "Bitcoin halving" }));
    // The first progress event arrives before the model answers.
    expect(await firstEvent).toContain("Finding sources");
    while (ollama.requestsTo("/api/chat").length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(ollama.requestsTo("/api/chat")).toHaveLength(1);
    const cancelledAt = Date.now();
    request.destroy();
    // This app's time-out is minutes away: only the cancel can close the model call (a hang here
    // ends at the test's own limit).
    while (closedAt === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(closedAt).toBeGreaterThanOrEqual(cancelledAt);
  });

  it("refuses more than the daily limit with a 429 that says when it resets", async () => {
    ollama.setHandler(ollamaHandler);
    // The cancelled generation counted; this one is the second of two.
    const second = await app.inject({
      method: "POST",
      url: "/api/articles/generate-ollama",
      headers: author,
      payload: { prompt: "Bitcoin halving", length: "short" },
    });
    expect(second.statusCode).toBe(200);
    const response = await app.inject({
      method: "POST",
      url: "/api/articles/generate-ollama",
      headers: { ...author, accept: "text/event-stream" },
      payload: { prompt: "Bitcoin halving" },
    });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ code: "ai_daily_limit" });
    expect(response.json().error).toContain("all 2 AI generations for today");
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    const admin = await loginAs(app, "admin");
    const other = await app.inject({
      method: "POST",
      url: "/api/articles/generate-ollama",
      headers: admin,
      payload: { prompt: "Bitcoin halving", length: "short" },
    });
    expect(other.statusCode).toBe(200);
  });
});
