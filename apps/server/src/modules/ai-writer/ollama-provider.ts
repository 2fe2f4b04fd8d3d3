import { ServiceError } from "../../lib/service-failure";
import { type ChatProvider, createChatProvider, parseStreamJson, reportedCount } from "./provider";

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

  return createChatProvider({
    name: "ollama",
    model,
    service,
    chatUrl: `${base}/api/chat`,
    modelsUrl: `${base}/api/tags`,
    maxAnswerBytes: 2 * 1024 * 1024,
    chatOptions: (request) => ({
      ...(request.json ? { format: "json" } : {}),
      options: { temperature: 0.4 },
    }),
    incomplete: `${service} ended the answer before it was done`,
    modelNotFound: (error) => error.status === 404 && /model/i.test(error.message),

    readLine(line) {
      if (!line.trim()) return null;
      const part = parseStreamJson(line, service);
      if (typeof part.error === "string") {
        throw new ServiceError("server_error", `${service} stopped with an error: ${part.error}`);
      }
      const message = part.message as { content?: unknown } | undefined;
      const text = typeof message?.content === "string" ? message.content : undefined;
      if (part.done !== true) return { text };
      return {
        text,
        tokensIn: reportedCount(part.prompt_eval_count),
        tokensOut: reportedCount(part.eval_count),
        done: true,
      };
    },

    modelNames(list) {
      if (!Array.isArray(list.models)) {
        throw new ServiceError("malformed", `${service}'s model list has no "models"`);
      }
      return list.models
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
  });
}
