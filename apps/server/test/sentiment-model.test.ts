import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ollamaHandler,
  openAiHandler,
  sentimentAnswer,
  writeOllamaStream,
} from "./fake-ai-servers";
import { type FakeServer, startFakeServer } from "./fake-http-server";
import { buildTestApp, loginAs } from "./helpers";
import { createArticle, createCategory, type Headers } from "./newsroom-fixtures";

// Sentiment read by the AI model (decision 260), against local servers that speak Ollama's and
// the OpenAI chat API's real protocols: the switch, batching, the cache, the daily limit, the
// usage log, and the offline classifier as the fallback.

interface LogEntry {
  user: { id: number; firstName: string };
  topic: string;
  outcome: string;
  errorCode: string | null;
  tokensIn: number;
}

const analyzeWith = (app: FastifyInstance, headers: Headers, payload: object) =>
  app.inject({ method: "POST", url: "/api/sentiment/analyze", headers, payload });

async function usageLog(app: FastifyInstance, headers: Headers): Promise<LogEntry[]> {
  const response = await app.inject({
    method: "GET",
    url: "/api/ollama/generations?limit=50",
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json().generations;
}

describe("without an AI provider", () => {
  let app: FastifyInstance;
  let editor: Headers;
  beforeAll(async () => {
    app = await buildTestApp();
    editor = await loginAs(app, "editor");
  });
  afterAll(async () => {
    await app?.close();
  });

  it("stays offline: the switch is refused with a reason, and asking for the model falls back", async () => {
    const setting = await app.inject({
      method: "GET",
      url: "/api/sentiment/engine",
      headers: editor,
    });
    expect(setting.statusCode).toBe(200);
    expect(setting.json().data).toMatchObject({
      engine: "offline",
      ai: { configured: false, provider: null, model: null },
    });
    const refused = await app.inject({
      method: "PUT",
      url: "/api/sentiment/engine",
      headers: editor,
      payload: { engine: "ai" },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "ai_not_configured" });
    expect(refused.json().error).toContain("OLLAMA_URL");

    const response = await analyzeWith(app, editor, {
      text: "Bitcoin rallies to a record high after the ETF approval",
      engine: "ai",
    });
    expect(response.statusCode).toBe(200);
    const { results, notice, engine } = response.json().data;
    expect(engine).toBe("ai");
    expect(results[0]).toMatchObject({ label: "positive", engine: "offline" });
    expect(notice).toContain("No AI provider is configured");
  });

  it("refuses an unknown engine with a 400", async () => {
    const response = await app.inject({
      method: "PUT",
      url: "/api/sentiment/engine",
      headers: editor,
      payload: { engine: "gpt" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('"offline" or "ai"');
  });
});

describe("with Ollama", () => {
  let app: FastifyInstance;
  let ollama: FakeServer;
  let editor: Headers;
  let author: Headers;
  let admin: Headers;
  let categoryId = 0;
  const chats = () => ollama.requestsTo("/api/chat");

  beforeAll(async () => {
    ollama = await startFakeServer(ollamaHandler);
    app = await buildTestApp({}, { OLLAMA_URL: ollama.url, AI_DAILY_GENERATION_LIMIT: "5" });
    editor = await loginAs(app, "editor");
    author = await loginAs(app, "author");
    admin = await loginAs(app, "admin");
    categoryId = (await createCategory(app, editor)).id;
    // The demo content is scored by the offline classifier before the switch.
    await app.services.sentiment.refresh();
  });
  afterAll(async () => {
    await app?.close();
    await ollama?.close();
  });

  it("lets editors and admins switch the engine, not authors", async () => {
    const put = (headers: Headers, engine: string) =>
      app.inject({ method: "PUT", url: "/api/sentiment/engine", headers, payload: { engine } });
    expect((await put(author, "ai")).statusCode).toBe(403);
    expect((await put(admin, "offline")).statusCode).toBe(200);
    const switched = await put(editor, "ai");
    expect(switched.statusCode).toBe(200);
    expect(switched.json().data).toMatchObject({
      engine: "ai",
      ai: { configured: true, provider: "Ollama", model: "llama3.1", dailyLimit: 5, usedToday: 0 },
      updatedBy: { firstName: expect.any(String) },
    });
  });

  it("reads a text with the model: a short JSON prompt, its phrases as the why, one log entry", async () => {
    const response = await analyzeWith(app, editor, {
      title: "Bitcoin rallies after the ETF approval",
      text: "Spot bitcoin funds drew inflows on their first day. BTC traded at $71,000.",
    });
    expect(response.statusCode).toBe(200);
    const { results, notice, engine } = response.json().data;
    expect(engine).toBe("ai");
    expect(notice).toBeNull();
    expect(results[0]).toMatchObject({ label: "positive", score: 0.8, engine: "ai" });
    expect(results[0].drivers.map((driver: { phrase: string }) => driver.phrase)).toEqual([
      "approval",
    ]);
    const bitcoin = results[0].coins.find((coin: { slug: string }) => coin.slug === "bitcoin");
    expect(bitcoin).toMatchObject({ symbol: "BTC", label: "positive" });

    expect(chats()).toHaveLength(1);
    const sent = JSON.parse(chats()[0].body);
    expect(sent).toMatchObject({ model: "llama3.1", stream: true, format: "json" });
    expect(sent.messages[0].content).toContain("classify the sentiment");
    expect(sent.messages[1].content).toContain("Text 1 (coins: BTC)");

    const [entry] = await usageLog(app, editor);
    expect(entry).toMatchObject({
      topic: "Sentiment of 1 text",
      outcome: "succeeded",
      tokensIn: 100,
    });
  });

  it("answers a text it has read before from the cache: no model call, no log entry", async () => {
    const before = (await usageLog(app, editor)).length;
    const response = await analyzeWith(app, editor, {
      title: "Bitcoin rallies after the ETF approval",
      text: "Spot bitcoin funds drew inflows on their first day. BTC traded at $71,000.",
    });
    expect(response.json().data.results[0]).toMatchObject({ label: "positive", engine: "ai" });
    expect(chats()).toHaveLength(1);
    expect(await usageLog(app, editor)).toHaveLength(before);
  });

  it("sends many texts in batches of eight, answering each in order", async () => {
    const texts = Array.from({ length: 10 }, (_, index) =>
      index % 2 === 0
        ? `Exchange ${index} halted withdrawals after a hack drained its hot wallet`
        : `Ether rally number ${index} lifts the market`,
    );
    const response = await analyzeWith(app, editor, { texts });
    const { results, notice } = response.json().data;
    expect(notice).toBeNull();
    expect(results.map((result: { label: string }) => result.label)).toEqual(
      texts.map((_, index) => (index % 2 === 0 ? "negative" : "positive")),
    );
    expect(chats()).toHaveLength(3);
    const batchSizes = chats()
      .slice(1)
      .map(
        (request) =>
          (JSON.parse(request.body).messages[1].content.match(/^Text \d+/gm) ?? []).length,
      );
    expect(batchSizes).toEqual([8, 2]);
    const topics = (await usageLog(app, editor)).slice(0, 2).map((entry) => entry.topic);
    expect(topics).toEqual(["Sentiment of 2 texts", "Sentiment of 8 texts"]);
  });

  it("falls back to the offline classifier when the model fails, and logs the failure", async () => {
    ollama.setHandler((_request, response) => {
      response.statusCode = 500;
      response.end(JSON.stringify({ error: "out of memory" }));
    });
    const response = await analyzeWith(app, editor, {
      text: "Hackers exploited the bridge and drained $80 million of ETH",
    });
    ollama.setHandler(ollamaHandler);
    const { results, notice } = response.json().data;
    expect(results[0]).toMatchObject({ label: "negative", engine: "offline" });
    expect(notice).toContain("The offline classifier read 1 of 1 text");
    expect(notice).toContain("Ollama refused the request");
    const [entry] = await usageLog(app, editor);
    expect(entry).toMatchObject({ outcome: "failed", errorCode: "ai_provider_error" });
  });

  it("falls back for texts the model answers in a form it cannot read", async () => {
    ollama.setHandler((request, response) => {
      // One entry left out, so the second text falls back.
      const answer = JSON.parse(sentimentAnswer(request)) as { results: unknown[] };
      writeOllamaStream(response, JSON.stringify({ results: answer.results.slice(0, 1) }));
    });
    const response = await analyzeWith(app, editor, {
      texts: ["Solana surges to a new high", "Cardano slumps after the outage"],
    });
    ollama.setHandler(ollamaHandler);
    const { results, notice } = response.json().data;
    expect(results.map((result: { engine: string }) => result.engine)).toEqual(["ai", "offline"]);
    expect(results[1].label).toBe("negative");
    expect(notice).toContain("answered 1 of 2 texts");
  });

  it("stops asking once the daily limit is reached and says so", async () => {
    // Five calls so far: one, two batches, the failure, the partial answer.
    const asked = chats().length;
    const response = await analyzeWith(app, editor, {
      text: "Ripple wins its lawsuit as XRP soars",
    });
    const { results, notice } = response.json().data;
    expect(results[0].engine).toBe("offline");
    expect(notice).toContain("You have used all 5 AI generations for today");
    expect(chats()).toHaveLength(asked);
    const setting = await app.inject({
      method: "GET",
      url: "/api/sentiment/engine",
      headers: editor,
    });
    expect(setting.json().data.ai).toMatchObject({ usedToday: 5, dailyLimit: 5 });
  });

  it("still reads offline when asked for the offline engine", async () => {
    const asked = chats().length;
    const response = await analyzeWith(app, editor, { text: "Ether surges", engine: "offline" });
    expect(response.json().data).toMatchObject({ engine: "offline", notice: null });
    expect(response.json().data.results[0].engine).toBe("offline");
    expect(chats()).toHaveLength(asked);
  });

  it("scores a published article with the model for the newsroom byline, stored as the AI's", async () => {
    const article = await createArticle(app, editor, categoryId, {
      title: "Ethereum bridge exploit: hackers drain $80 million of ETH",
      excerpt: "The exploit halted withdrawals on the bridge and ETH fell 7% within the hour.",
      status: "published",
    });
    const asked = chats().length;
    expect((await app.services.sentiment.refresh()).articles).toBe(1);
    expect(chats()).toHaveLength(asked + 1);
    const stored = await app.inject({
      method: "GET",
      url: `/api/sentiment/articles/${article.id}`,
      headers: editor,
    });
    expect(stored.json().data).toMatchObject({ label: "negative", engine: "ai" });
    expect(stored.json().data.drivers[0].phrase).toBe("hack");
    const [entry] = await usageLog(app, admin);
    expect(entry).toMatchObject({ topic: "Sentiment of 1 text", outcome: "succeeded" });
    expect(entry.user.firstName).toBe("AurumWire");
  });
});

describe("with an OpenAI-compatible API", () => {
  let app: FastifyInstance;
  let openai: FakeServer;
  beforeAll(async () => {
    openai = await startFakeServer(openAiHandler);
    app = await buildTestApp(
      {},
      { OPENAI_BASE_URL: `${openai.url}/v1`, OPENAI_API_KEY: "test-key" },
    );
  });
  afterAll(async () => {
    await app?.close();
    await openai?.close();
  });

  it("reads texts through the chat completions stream in JSON mode", async () => {
    const editor = await loginAs(app, "editor");
    const response = await analyzeWith(app, editor, {
      texts: ["Ether plunges as outflows mount", "The SEC meets on Tuesday"],
      engine: "ai",
    });
    const { results, notice } = response.json().data;
    expect(notice).toBeNull();
    expect(results.map((result: { label: string }) => result.label)).toEqual([
      "negative",
      "neutral",
    ]);
    const [request] = openai.requestsTo("/v1/chat/completions");
    expect(JSON.parse(request.body)).toMatchObject({
      model: "gpt-4o-mini",
      response_format: { type: "json_object" },
    });
  });
});
