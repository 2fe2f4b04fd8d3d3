import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ServiceError } from "../src/lib/service-failure";
import { createOllamaProvider } from "../src/modules/ai-writer/ollama-provider";
import { createOpenAiProvider } from "../src/modules/ai-writer/openai-provider";
import { openAiHandler, outlineAnswer, writeOpenAiStream } from "./fake-ai-servers";
import { type FakeServer, sendJson, startFakeServer } from "./fake-http-server";
import { buildTestApp, loginAs } from "./helpers";

/** The AI writer against a local server speaking the OpenAI chat API's streaming protocol. */
describe("AI writer with an OpenAI-compatible API", () => {
  let app: FastifyInstance;
  let openai: FakeServer;
  let editor: { authorization: string };

  beforeAll(async () => {
    openai = await startFakeServer(openAiHandler);
    app = await buildTestApp(
      {},
      {
        OPENAI_BASE_URL: `${openai.url}/v1`,
        OPENAI_API_KEY: "test-key",
        OPENAI_MODEL: "gpt-4o-mini",
      },
    );
    editor = await loginAs(app, "editor");
  });
  afterAll(async () => {
    await app.close();
    await openai.close();
  });
  beforeEach(() => {
    openai.setHandler(openAiHandler);
    openai.requests.length = 0;
  });

  const generate = (payload: Record<string, unknown> = {}) =>
    app.inject({
      method: "POST",
      url: "/api/articles/generate-ollama",
      headers: editor,
      payload: { prompt: "Bitcoin halving and miners", length: "long", ...payload },
    });

  it("reports the provider and model", async () => {
    const status = await app.inject({ method: "GET", url: "/api/ollama/status", headers: editor });
    expect(status.json()).toMatchObject({
      configured: true,
      provider: "openai",
      model: "gpt-4o-mini",
      reachable: true,
      modelAvailable: true,
    });
  });

  it("streams the chat completion over SSE until [DONE], with usage", async () => {
    const response = await generate();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.article.title).toBe(outlineAnswer.title);
    // Long is five sections, plus Sources.
    expect(body.article.content.match(/<h2>/g)).toHaveLength(6);
    expect(body.generation).toMatchObject({ provider: "openai", tokensIn: 720, tokensOut: 360 });
    const calls = openai.requestsTo("/v1/chat/completions");
    expect(calls).toHaveLength(6);
    expect(calls[0].headers.authorization).toBe("Bearer test-key");
    expect(JSON.parse(calls[0].body)).toMatchObject({
      model: "gpt-4o-mini",
      stream: true,
      stream_options: { include_usage: true },
      response_format: { type: "json_object" },
    });
    expect(JSON.parse(calls[1].body).response_format).toBeUndefined();
  });

  it("maps every failure to a clear answer", async () => {
    const cases: [
      string,
      (response: import("node:http").ServerResponse) => void,
      number,
      string,
    ][] = [
      [
        "429",
        (response) => {
          response.setHeader("retry-after", "12");
          sendJson(response, 429, { error: { message: "Rate limit reached" } });
        },
        429,
        "ai_rate_limited",
      ],
      [
        "401",
        (response) => sendJson(response, 401, { error: { message: "Incorrect API key provided" } }),
        502,
        "ai_rejected",
      ],
      [
        "model not found",
        (response) =>
          sendJson(response, 404, {
            error: { message: "The model `gpt-9` does not exist", code: "model_not_found" },
          }),
        503,
        "ai_model_not_found",
      ],
      ["5xx", (response) => sendJson(response, 502, "bad gateway"), 502, "ai_provider_error"],
      [
        "malformed",
        (response) =>
          writeOpenAiStream(response, JSON.stringify(outlineAnswer), { malformed: true }),
        502,
        "ai_malformed_answer",
      ],
      [
        "no [DONE]",
        (response) =>
          writeOpenAiStream(response, JSON.stringify(outlineAnswer), { cutShort: true }),
        502,
        "ai_incomplete_answer",
      ],
    ];
    for (const [name, answer, status, code] of cases) {
      openai.setHandler((_request, response) => answer(response));
      const response = await generate();
      expect(response.statusCode, name).toBe(status);
      expect(response.json().code, name).toBe(code);
    }
    const rejected = await (async () => {
      openai.setHandler((_request, response) =>
        sendJson(response, 401, { error: { message: "Incorrect API key provided" } }),
      );
      return (await generate()).json();
    })();
    expect(rejected.error).toContain("Incorrect API key provided");
  });

  it("says when the service cannot be reached", async () => {
    const closed = await startFakeServer(() => {});
    const url = closed.url;
    await closed.close();
    for (const provider of [
      createOllamaProvider({ baseUrl: url, model: "llama3.1" }),
      createOpenAiProvider({ baseUrl: url, apiKey: "k", model: "m" }),
    ]) {
      const error = await provider
        .chat({ messages: [{ role: "user", content: "hi" }], timeoutMs: 10_000 })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).kind).toBe("unreachable");
    }
  });
});
