import type { ServerResponse } from "node:http";
import type { RecordedRequest } from "./fake-http-server";

/**
 * The answers of local fake AI services that speak the real protocols: Ollama's NDJSON stream
 * (`/api/chat`, `/api/tags`) and the OpenAI chat API's server-sent events
 * (`/v1/chat/completions`, `/v1/models`). An outline request (Ollama `format: "json"`, OpenAI
 * `response_format`) gets an outline; every other request gets a section.
 */

export const outlineAnswer = {
  title: "Bitcoin Halving Explained: What Changes for Miners",
  excerpt:
    "Our archive on the halving: how the block reward cut squeezes miners, what history shows about price, and what to watch next.",
  metaTitle: "Bitcoin Halving Explained: What Changes for Miners and Price",
  metaDescription:
    "How the bitcoin halving cuts the block reward, why miners feel it first, and what past cycles do and do not tell investors about the months that follow.",
  tags: ["bitcoin", "halving", "mining"],
  sections: [
    { heading: "What the halving is", points: "the reward cut [1]" },
    { heading: "Miners feel it first", points: "costs" },
    { heading: "What history shows", points: "cycles" },
    { heading: "What to watch", points: "signals" },
    { heading: "An extra section the model added", points: "dropped for medium" },
  ],
};

/** A section with a citation, an invented figure, and a script the sanitizer must remove. */
export function sectionAnswer(request: RecordedRequest): string {
  const body = JSON.parse(request.body) as { messages: { content: string }[] };
  const user = body.messages.at(-1)?.content ?? "";
  const section = /Write section (\d+) of/.exec(user)?.[1] ?? "?";
  return `<p>Section ${section}: the block reward halves roughly every four years [1], and analysts at one desk put the next target at $123,456 for illustration.</p><script>alert("x")</script><p>Miners with older machines are squeezed first when revenue drops, which is why hash rate often dips after the event.</p>`;
}

const bullishWords = ["surge", "rally", "approval", "record high", "soar", "inflows"];
const bearishWords = ["hack", "exploit", "plunge", "outflows", "halted", "lawsuit"];

/** Whether a chat request is a sentiment classification (decision 260), not a writer's step. */
export function isSentimentRequest(request: RecordedRequest): boolean {
  const body = JSON.parse(request.body) as { messages: { content: string }[] };
  return /classify the sentiment/i.test(body.messages[0]?.content ?? "");
}

/**
 * What a model answers to a sentiment batch: one entry per "Text N (coins: ...)" block, labelled
 * by a few words (bullish or bearish, else neutral), each coin as the text, quoting the word.
 */
export function sentimentAnswer(request: RecordedRequest): string {
  const body = JSON.parse(request.body) as { messages: { content: string }[] };
  const user = body.messages.at(-1)?.content ?? "";
  const blocks = user
    .split(/\n\n(?=Text \d+ \(coins: )/)
    .filter((block) => /^Text \d+/.test(block));
  const results = blocks.map((block) => {
    const id = Number(/^Text (\d+)/.exec(block)?.[1]);
    const coins = (/\(coins: ([^)]*)\)/.exec(block)?.[1] ?? "none").split(", ");
    const lower = block.toLowerCase();
    const up = bullishWords.find((word) => lower.includes(word));
    const down = bearishWords.find((word) => lower.includes(word));
    const label = down ? "negative" : up ? "positive" : "neutral";
    return {
      id,
      label,
      score: label === "positive" ? 0.8 : label === "negative" ? -0.8 : 0,
      confidence: 0.9,
      coins: Object.fromEntries(coins.filter((coin) => coin !== "none").map((c) => [c, label])),
      phrases: [down ?? up].filter(Boolean),
    };
  });
  return JSON.stringify({ results });
}

function isOutlineRequest(request: RecordedRequest): boolean {
  const body = JSON.parse(request.body) as { format?: string; response_format?: unknown };
  return body.format === "json" || body.response_format !== undefined;
}

/** Splits text into small pieces, as a model streams tokens. */
function pieces(text: string, size = 40): string[] {
  const out: string[] = [];
  for (let index = 0; index < text.length; index += size) out.push(text.slice(index, index + size));
  return out;
}

export const ollamaModels = {
  models: [
    { name: "llama3.1:latest", model: "llama3.1:latest", size: 4_920_753_328 },
    { name: "mistral:7b", model: "mistral:7b", size: 4_113_301_824 },
  ],
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One Ollama `/api/chat` streamed answer: NDJSON lines, the last with done and token counts. With
 * `pauseMs` the pieces come a quarter of it apart and the last a whole one later, as from a
 * model on a laptop (the e2e run watches the progress and cancels midway); without, at once.
 */
export async function writeOllamaStream(
  response: ServerResponse,
  text: string,
  options: { cutShort?: boolean; errorMidway?: string; pauseMs?: number } = {},
) {
  response.statusCode = 200;
  response.setHeader("content-type", "application/x-ndjson");
  for (const [index, part] of pieces(text).entries()) {
    if (response.destroyed) return;
    if (options.errorMidway && index === 1) {
      response.write(`${JSON.stringify({ error: options.errorMidway })}\n`);
      continue;
    }
    response.write(
      `${JSON.stringify({
        model: "llama3.1",
        created_at: new Date().toISOString(),
        message: { role: "assistant", content: part },
        done: false,
      })}\n`,
    );
    if (options.pauseMs) await pause(options.pauseMs / 4);
  }
  if (options.pauseMs) await pause(options.pauseMs);
  if (options.cutShort) {
    response.end();
    return;
  }
  response.end(
    `${JSON.stringify({
      model: "llama3.1",
      created_at: new Date().toISOString(),
      message: { role: "assistant", content: "" },
      done: true,
      done_reason: "stop",
      total_duration: 1_000_000,
      prompt_eval_count: 100,
      eval_count: 50,
    })}\n`,
  );
}

/**
 * A healthy Ollama server, its stream paced by `pauseMs` (see writeOllamaStream). The e2e run
 * serves it too (e2e/fake-ollama.ts), so both suites meet one stand-in.
 */
export function pacedOllamaHandler(pauseMs = 0) {
  return async (request: RecordedRequest, response: ServerResponse) => {
    if (request.method === "GET" && request.path === "/api/tags") {
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify(ollamaModels));
      return;
    }
    if (request.method === "POST" && request.path === "/api/chat") {
      const text = isSentimentRequest(request)
        ? sentimentAnswer(request)
        : isOutlineRequest(request)
          ? JSON.stringify(outlineAnswer)
          : sectionAnswer(request);
      await writeOllamaStream(response, text, { pauseMs });
      return;
    }
    response.statusCode = 404;
    response.end("404 page not found");
  };
}

/** A healthy Ollama server that answers at once. */
export const ollamaHandler = pacedOllamaHandler();

/** One OpenAI chat completion streamed as server-sent events, with a usage chunk and [DONE]. */
export function writeOpenAiStream(
  response: ServerResponse,
  text: string,
  options: { cutShort?: boolean; malformed?: boolean } = {},
) {
  response.statusCode = 200;
  response.setHeader("content-type", "text/event-stream");
  const chunk = (choices: unknown[], usage: unknown = null) =>
    `data: ${JSON.stringify({
      id: "chatcmpl-1",
      object: "chat.completion.chunk",
      created: 1_700_000_000,
      model: "gpt-4o-mini",
      choices,
      usage,
    })}\n\n`;
  response.write(": keep-alive\n\n");
  response.write(
    chunk([{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }]),
  );
  for (const part of pieces(text)) {
    response.write(chunk([{ index: 0, delta: { content: part }, finish_reason: null }]));
  }
  if (options.malformed) response.write("data: {not json\n\n");
  if (options.cutShort) {
    response.end();
    return;
  }
  response.write(chunk([{ index: 0, delta: {}, finish_reason: "stop" }]));
  response.write(chunk([], { prompt_tokens: 120, completion_tokens: 60, total_tokens: 180 }));
  response.end("data: [DONE]\n\n");
}

/** A healthy OpenAI-compatible server that wants `Bearer test-key`. */
export function openAiHandler(request: RecordedRequest, response: ServerResponse) {
  if (request.headers.authorization !== "Bearer test-key") {
    response.statusCode = 401;
    response.setHeader("content-type", "application/json");
    response.end(
      JSON.stringify({
        error: {
          message: "Incorrect API key provided",
          type: "invalid_request_error",
          code: "invalid_api_key",
        },
      }),
    );
    return;
  }
  if (request.method === "GET" && request.path === "/v1/models") {
    response.setHeader("content-type", "application/json");
    response.end(
      JSON.stringify({
        object: "list",
        data: [
          { id: "gpt-4o-mini", object: "model", owned_by: "system" },
          { id: "local-model", object: "model", owned_by: "me" },
        ],
      }),
    );
    return;
  }
  if (request.method === "POST" && request.path === "/v1/chat/completions") {
    const text = isSentimentRequest(request)
      ? sentimentAnswer(request)
      : isOutlineRequest(request)
        ? JSON.stringify(outlineAnswer)
        : sectionAnswer(request);
    writeOpenAiStream(response, text);
    return;
  }
  response.statusCode = 404;
  response.end(JSON.stringify({ error: { message: "Not found" } }));
}

/** Reads a text/event-stream answer into its events. */
export interface ServerSentEvent {
  event: string;
  data: { message?: string; article?: { title: string }; [key: string]: unknown };
}

export function parseServerSentEvents(body: string): ServerSentEvent[] {
  return body
    .split("\n\n")
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? "message";
      const data = /^data: (.+)$/m.exec(block)?.[1] ?? "null";
      return { event, data: JSON.parse(data) };
    });
}
