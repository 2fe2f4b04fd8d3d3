import { ServiceError } from "../../lib/service-failure";
import { type ChatProvider, createChatProvider, parseStreamJson, reportedCount } from "./provider";

/**
 * Any OpenAI-compatible chat API (OpenAI, hosted models, llama.cpp's server, vLLM):
 * `POST /v1/chat/completions` with `stream: true` answers server-sent events, `data: {chunk}`
 * lines with `choices[0].delta.content`, a usage chunk (asked for with
 * `stream_options.include_usage`) and `data: [DONE]` at the end. OPENAI_BASE_URL may end in /v1
 * (as the official clients expect) or not.
 */
export function createOpenAiProvider(options: {
  baseUrl: string;
  apiKey: string;
  model: string;
}): ChatProvider {
  const trimmed = options.baseUrl.replace(/\/+$/, "");
  const base = /\/v1$/.test(trimmed) ? trimmed : `${trimmed}/v1`;
  const service = "The OpenAI-compatible API";

  return createChatProvider({
    name: "openai",
    model: options.model,
    service,
    chatUrl: `${base}/chat/completions`,
    modelsUrl: `${base}/models`,
    headers: { authorization: `Bearer ${options.apiKey}` },
    maxAnswerBytes: 4 * 1024 * 1024,
    chatOptions: (request) => ({
      stream_options: { include_usage: true },
      temperature: 0.4,
      ...(request.json ? { response_format: { type: "json_object" } } : {}),
    }),
    incomplete: `${service} ended the answer before [DONE]`,
    modelNotFound: (error) =>
      (error.status === 404 && /model/i.test(error.message)) ||
      (error.status === 400 && /model.*(not found|does not exist)/i.test(error.message)),

    readLine(line) {
      // Server-sent events: only data lines carry chunks; comments, event names and blank
      // separators do not.
      if (!line.startsWith("data:")) return null;
      const data = line.slice(5).trim();
      if (data === "[DONE]") return { done: true };
      const chunk = parseStreamJson(data, service);
      if (chunk.error) {
        const detail = (chunk.error as { message?: unknown }).message;
        throw new ServiceError(
          "server_error",
          `${service} stopped with an error: ${typeof detail === "string" ? detail : "unknown"}`,
        );
      }
      const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
      const delta = (choices[0] as { delta?: { content?: unknown } } | undefined)?.delta;
      const usage = chunk.usage as
        | { prompt_tokens?: unknown; completion_tokens?: unknown }
        | null
        | undefined;
      return {
        text: typeof delta?.content === "string" ? delta.content : undefined,
        tokensIn: reportedCount(usage?.prompt_tokens),
        tokensOut: reportedCount(usage?.completion_tokens),
      };
    },

    modelNames(list) {
      if (!Array.isArray(list.data)) {
        throw new ServiceError("malformed", `${service}'s model list has no "data"`);
      }
      return list.data
        .map((entry) => (entry as { id?: unknown })?.id)
        .filter((id): id is string => typeof id === "string");
    },

    hasModel: (models) => models.includes(options.model),
  });
}
