import type { AiProviderName } from "@aurumwire/shared/ai-writer";
import { OutboundError } from "../../lib/outbound-http";

/**
 * What the writer needs from a chat model, whichever service runs it. The adapters
 * (ollama-provider.ts, openai-provider.ts) speak their service's streaming protocol and report
 * every failure as a ProviderError of one of these kinds.
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

export type ProviderFailure =
  | "timeout"
  | "unreachable"
  | "rate_limited"
  | "rejected"
  | "server_error"
  | "malformed"
  | "incomplete"
  | "model_not_found"
  | "cancelled";

export class ProviderError extends Error {
  constructor(
    public readonly kind: ProviderFailure,
    message: string,
    public readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

/** Outbound failures in the writer's words; `modelNotFound` decides whether a 404 means the model. */
export function fromOutboundError(
  error: unknown,
  serviceName: string,
  modelNotFound: (error: OutboundError) => boolean,
): unknown {
  if (!(error instanceof OutboundError)) return error;
  switch (error.kind) {
    case "timeout":
      return new ProviderError("timeout", `${serviceName} did not finish in time`);
    case "cancelled":
      return new ProviderError("cancelled", "The generation was cancelled");
    case "network":
      return new ProviderError(
        "unreachable",
        `${serviceName} could not be reached: ${error.message}`,
      );
    case "rate_limited":
      return new ProviderError(
        "rate_limited",
        `${serviceName} is rate limiting us`,
        error.retryAfterMs,
      );
    case "too_large":
      return new ProviderError("malformed", `${serviceName} sent a longer answer than we accept`);
    case "malformed":
      return new ProviderError("malformed", error.message);
    case "http_status": {
      if (modelNotFound(error)) return new ProviderError("model_not_found", error.message);
      const status = error.status ?? 0;
      return new ProviderError(
        status >= 500 ? "server_error" : "rejected",
        `${serviceName} refused the request: ${error.message}`,
      );
    }
  }
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
  throw new ProviderError(
    "malformed",
    `${serviceName} sent a line that is not a JSON object: ${line.slice(0, 80)}`,
  );
}
