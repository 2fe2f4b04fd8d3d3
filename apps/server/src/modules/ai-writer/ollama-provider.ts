import { fetchText, type OutboundError, postJsonLines } from "../../lib/outbound-http";
import {
  type ChatProvider,
  type ChatRequest,
  type ChatResult,
  estimateTokens,
  fromOutboundError,
  ProviderError,
  parseStreamJson,
} from "./provider";

const maxAnswerBytes = 2 * 1024 * 1024;

/**
 * Ollama's HTTP API: `POST /api/chat` with `stream: true` answers NDJSON, one object a line with
 * `message.content` pieces, and a last line with `done: true`, `prompt_eval_count` and
 * `eval_count`; an error mid-stream is a line with `error`. `GET /api/tags` lists the installed
 * models ("llama3.1:latest"); an unknown model is a 404 whose error says "not found".
 */
export function createOllamaProvider(options: { baseUrl: string; model: string }): ChatProvider {
  const base = options.baseUrl.replace(/\/+$/, "");
  const model = options.model;
  const service = "Ollama";
  const isModelMissing = (error: OutboundError) =>
    error.status === 404 && /model/i.test(error.message);

  return {
    name: "ollama",
    model,

    async chat(request: ChatRequest): Promise<ChatResult> {
      let text = "";
      let tokensIn: number | undefined;
      let tokensOut: number | undefined;
      let finished = false;
      try {
        for await (const line of postJsonLines({
          url: `${base}/api/chat`,
          body: {
            model,
            messages: request.messages,
            stream: true,
            ...(request.json ? { format: "json" } : {}),
            options: { temperature: 0.4 },
          },
          timeoutMs: request.timeoutMs,
          maxBytes: maxAnswerBytes,
          signal: request.signal,
        })) {
          if (!line.trim()) continue;
          const part = parseStreamJson(line, service);
          if (typeof part.error === "string") {
            throw new ProviderError(
              "server_error",
              `${service} stopped with an error: ${part.error}`,
            );
          }
          const message = part.message as { content?: unknown } | undefined;
          if (typeof message?.content === "string") text += message.content;
          if (part.done === true) {
            tokensIn =
              typeof part.prompt_eval_count === "number" ? part.prompt_eval_count : undefined;
            tokensOut = typeof part.eval_count === "number" ? part.eval_count : undefined;
            finished = true;
            break;
          }
        }
      } catch (error) {
        throw fromOutboundError(error, service, isModelMissing);
      }
      if (!finished) {
        throw new ProviderError("incomplete", `${service} ended the answer before it was done`);
      }
      return {
        text,
        tokensIn: tokensIn ?? estimateTokens(request.messages.map((m) => m.content).join("\n")),
        tokensOut: tokensOut ?? estimateTokens(text),
      };
    },

    async listModels({ timeoutMs, signal }) {
      let body: string;
      try {
        ({ body } = await fetchText({
          url: `${base}/api/tags`,
          timeoutMs,
          maxBytes: 1024 * 1024,
          signal,
        }));
      } catch (error) {
        throw fromOutboundError(error, service, () => false);
      }
      const parsed = parseStreamJson(body, service) as { models?: unknown };
      if (!Array.isArray(parsed.models)) {
        throw new ProviderError("malformed", `${service}'s model list has no "models"`);
      }
      return parsed.models
        .map(
          (entry) =>
            (entry as { name?: unknown; model?: unknown })?.name ??
            (entry as { model?: unknown })?.model,
        )
        .filter((name): name is string => typeof name === "string");
    },

    hasModel(models) {
      const wanted = model.includes(":") ? model : `${model}:latest`;
      return models.some((name) => name === model || name === wanted);
    },
  };
}
