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

const maxAnswerBytes = 4 * 1024 * 1024;

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
  const model = options.model;
  const service = "The OpenAI-compatible API";
  const headers = { authorization: `Bearer ${options.apiKey}` };
  const isModelMissing = (error: OutboundError) =>
    (error.status === 404 && /model/i.test(error.message)) ||
    (error.status === 400 && /model.*(not found|does not exist)/i.test(error.message));

  return {
    name: "openai",
    model,

    async chat(request: ChatRequest): Promise<ChatResult> {
      let text = "";
      let tokensIn: number | undefined;
      let tokensOut: number | undefined;
      let finished = false;
      try {
        for await (const line of postJsonLines({
          url: `${base}/chat/completions`,
          headers,
          body: {
            model,
            messages: request.messages,
            stream: true,
            stream_options: { include_usage: true },
            temperature: 0.4,
            ...(request.json ? { response_format: { type: "json_object" } } : {}),
          },
          timeoutMs: request.timeoutMs,
          maxBytes: maxAnswerBytes,
          signal: request.signal,
        })) {
          // Server-sent events: only data lines carry chunks; comments, event names and blank
          // separators do not.
          if (!line.startsWith("data:")) continue;
          const data = line.slice(5).trim();
          if (data === "[DONE]") {
            finished = true;
            break;
          }
          const chunk = parseStreamJson(data, service);
          if (chunk.error) {
            const detail = (chunk.error as { message?: unknown }).message;
            throw new ProviderError(
              "server_error",
              `${service} stopped with an error: ${typeof detail === "string" ? detail : "unknown"}`,
            );
          }
          const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
          const delta = (choices[0] as { delta?: { content?: unknown } } | undefined)?.delta;
          if (typeof delta?.content === "string") text += delta.content;
          const usage = chunk.usage as
            | { prompt_tokens?: unknown; completion_tokens?: unknown }
            | null
            | undefined;
          if (usage && typeof usage.prompt_tokens === "number") tokensIn = usage.prompt_tokens;
          if (usage && typeof usage.completion_tokens === "number") {
            tokensOut = usage.completion_tokens;
          }
        }
      } catch (error) {
        throw fromOutboundError(error, service, isModelMissing);
      }
      if (!finished) {
        throw new ProviderError("incomplete", `${service} ended the answer before [DONE]`);
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
          url: `${base}/models`,
          headers,
          timeoutMs,
          maxBytes: 1024 * 1024,
          signal,
        }));
      } catch (error) {
        throw fromOutboundError(error, service, () => false);
      }
      const parsed = parseStreamJson(body, service) as { data?: unknown };
      if (!Array.isArray(parsed.data)) {
        throw new ProviderError("malformed", `${service}'s model list has no "data"`);
      }
      return parsed.data
        .map((entry) => (entry as { id?: unknown })?.id)
        .filter((id): id is string => typeof id === "string");
    },

    hasModel(models) {
      return models.includes(model);
    },
  };
}
