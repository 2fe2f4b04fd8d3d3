import type { AiProviderName } from "@aurumwire/shared/ai-writer";
import { fetchText, type OutboundError, postJsonLines } from "../../lib/outbound-http";
import { ServiceError, serviceFailure } from "../../lib/service-failure";

/**
 * What the writer needs from a chat model, whichever service runs it. The adapters
 * (ollama-provider.ts, openai-provider.ts) describe their service's protocol; `createChatProvider`
 * speaks it and reports every failure as a ServiceError (lib/service-failure.ts).
 */
export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  /** Ask the model for one JSON object (Ollama `format: "json"`, OpenAI `response_format`). */
  json?: boolean;
  /** Time left for this call. */
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface ChatResult {
  text: string;
  tokensIn: number;
  tokensOut: number;
}

export interface ChatProvider {
  readonly name: AiProviderName;
  readonly model: string;
  chat(request: ChatRequest): Promise<ChatResult>;
  /** The models the service offers. */
  listModels(options: { timeoutMs: number; signal?: AbortSignal }): Promise<string[]>;
  /** Whether `models` (from listModels) holds the configured model. */
  hasModel(models: string[]): boolean;
}

/** A rough count for services that report no usage: about four characters a token. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Parses one streamed JSON line, or reports the stream as malformed. */
export function parseStreamJson(line: string, serviceName: string): Record<string, unknown> {
  try {
    const value = JSON.parse(line) as unknown;
    if (value && typeof value === "object" && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // reported below
  }
  throw new ServiceError(
    "malformed",
    `${serviceName} sent a line that is not a JSON object: ${line.slice(0, 80)}`,
  );
}

/** What one line of a streamed answer said, in the service's protocol; null for nothing. */
export interface StreamedPiece {
  text?: string;
  tokensIn?: number;
  tokensOut?: number;
  /** The answer is complete. */
  done?: boolean;
}

/**
 * A chat service's protocol: where it is, what its chat call adds to the model, the messages and
 * `stream: true`, how one streamed line reads, and how its model list is written.
 */
export interface ChatProtocol {
  name: AiProviderName;
  model: string;
  /** The service as messages name it ("Ollama"). */
  service: string;
  chatUrl: string;
  modelsUrl: string;
  headers?: Record<string, string>;
  maxAnswerBytes: number;
  /** The chat body's fields after model, messages and stream. */
  chatOptions(request: ChatRequest): Record<string, unknown>;
  /** What one line of the answer says; null for a line that says nothing. */
  readLine(line: string): StreamedPiece | null;
  /** Said when the stream ends before its last line. */
  incomplete: string;
  modelNotFound(error: OutboundError): boolean;
  /** The model names in the parsed model list. */
  modelNames(list: Record<string, unknown>): string[];
  hasModel(models: string[]): boolean;
}

/** A ChatProvider that speaks `protocol`. */
export function createChatProvider(protocol: ChatProtocol): ChatProvider {
  const { service, headers } = protocol;
  return {
    name: protocol.name,
    model: protocol.model,
    chat: (request) => readChatStream(protocol, request),
    async listModels({ timeoutMs, signal }) {
      const list = await fetchServiceJson(service, {
        url: protocol.modelsUrl,
        headers,
        timeoutMs,
        signal,
      });
      return protocol.modelNames(list);
    },
    hasModel: (models) => protocol.hasModel(models),
  };
}

/**
 * The adapters' one reading loop: posts the chat, hands every line to `readLine` (the service's
 * protocol) and adds up the text and token counts until a line says the answer is complete. An
 * answer that ends before that is `incomplete`; every failure is a ServiceError.
 */
async function readChatStream(protocol: ChatProtocol, request: ChatRequest): Promise<ChatResult> {
  let text = "";
  let tokensIn: number | undefined;
  let tokensOut: number | undefined;
  let finished = false;
  try {
    for await (const line of postJsonLines({
      url: protocol.chatUrl,
      headers: protocol.headers,
      body: {
        model: protocol.model,
        messages: request.messages,
        stream: true,
        ...protocol.chatOptions(request),
      },
      maxBytes: protocol.maxAnswerBytes,
      timeoutMs: request.timeoutMs,
      signal: request.signal,
    })) {
      const piece = protocol.readLine(line);
      if (!piece) continue;
      if (piece.text) text += piece.text;
      if (piece.tokensIn !== undefined) tokensIn = piece.tokensIn;
      if (piece.tokensOut !== undefined) tokensOut = piece.tokensOut;
      if (piece.done) {
        finished = true;
        break;
      }
    }
  } catch (error) {
    throw serviceFailure(error, protocol.service, protocol.modelNotFound);
  }
  if (!finished) throw new ServiceError("incomplete", protocol.incomplete);
  return {
    text,
    tokensIn: tokensIn ?? estimateTokens(request.messages.map((m) => m.content).join("\n")),
    tokensOut: tokensOut ?? estimateTokens(text),
  };
}

/** A small JSON answer (a model list) as an object; every failure is a ServiceError. */
async function fetchServiceJson(
  service: string,
  request: {
    url: string;
    headers?: Record<string, string>;
    timeoutMs: number;
    signal?: AbortSignal;
  },
): Promise<Record<string, unknown>> {
  let body: string;
  try {
    ({ body } = await fetchText({ ...request, maxBytes: 1024 * 1024 }));
  } catch (error) {
    throw serviceFailure(error, service);
  }
  return parseStreamJson(body, service);
}

/** A number the service reported, or nothing. */
export const reportedCount = (value: unknown): number | undefined =>
  typeof value === "number" ? value : undefined;
