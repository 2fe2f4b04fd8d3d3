import { request as httpRequest } from "node:http";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ollamaHandler } from "./fake-ai-servers";
import { type FakeServer, hang, startFakeServer } from "./fake-http-server";
import { buildTestApp, loginAs } from "./helpers";

/** The generation time-out (shortened here), cancelling, and each staff member's daily limit. */
describe("AI writer time-out, cancel and daily limit", () => {
  let app: FastifyInstance;
  let ollama: FakeServer;
  let baseUrl: string;
  let author: { authorization: string };

  beforeAll(async () => {
    ollama = await startFakeServer(ollamaHandler);
    app = await buildTestApp(
      { aiGenerationTimeoutMs: 800 },
      { OLLAMA_URL: ollama.url, AI_DAILY_GENERATION_LIMIT: "2" },
    );
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address() as { port: number };
    baseUrl = `http://127.0.0.1:${address.port}`;
    author = await loginAs(app, "author");
  });
  afterAll(async () => {
    await app.close();
    await ollama.close();
  });

  it("gives up after the time-out with a clear 504", async () => {
    ollama.setHandler(hang);
    const started = Date.now();
    const response = await app.inject({
      method: "POST",
      url: "/api/articles/generate-ollama",
      headers: author,
      payload: { prompt: "Bitcoin halving" },
    });
    expect(response.statusCode).toBe(504);
    expect(response.json().code).toBe("ai_timeout");
    expect(response.json().error).toContain("5 minutes");
    expect(Date.now() - started).toBeLessThan(5000);
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
    for (let i = 0; i < 50 && ollama.requestsTo("/api/chat").length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(ollama.requestsTo("/api/chat")).toHaveLength(1);
    const cancelledAt = Date.now();
    request.destroy();
    for (let i = 0; i < 50 && closedAt === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(closedAt).toBeGreaterThanOrEqual(cancelledAt);
    // Well before the 800 ms time-out would have ended it.
    expect(closedAt - cancelledAt).toBeLessThan(400);
  });

  it("refuses more than the daily limit with a 429 that says when it resets", async () => {
    ollama.setHandler(ollamaHandler);
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
