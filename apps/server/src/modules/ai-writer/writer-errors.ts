import { failureToAppError } from "../../lib/service-failure";
import type { ChatProvider } from "./provider";

/** Chat model failures in words for people, with the status the API answers (decision 297). */
export function toAppError(error: unknown, provider: ChatProvider): unknown {
  const service = provider.name === "ollama" ? "Ollama" : "The OpenAI-compatible API";
  const setting = provider.name === "ollama" ? "OLLAMA_URL" : "OPENAI_BASE_URL";
  return failureToAppError(error, {
    timeout: {
      code: "ai_timeout",
      message: () =>
        "The AI writer did not finish within 5 minutes. Nothing was saved; try a shorter length.",
    },
    cancelled: {
      code: "ai_cancelled",
      message: () => "The generation was cancelled. Nothing was saved.",
    },
    unreachable: {
      code: "ai_unreachable",
      message: () =>
        `${service} could not be reached. Check that it is running and that ${setting} is right.`,
    },
    rate_limited: {
      code: "ai_rate_limited",
      message: (_, seconds) =>
        `${service} is busy and asked us to wait. Try again in ${seconds} seconds.`,
    },
    model_not_found: {
      code: "ai_model_not_found",
      message: () =>
        provider.name === "ollama"
          ? `The model "${provider.model}" is not installed on Ollama. Run "ollama pull ${provider.model}" there, or set OLLAMA_MODEL to an installed model.`
          : `The model "${provider.model}" is not offered by the OpenAI-compatible API. Set OPENAI_MODEL to one it offers.`,
    },
    // An answer longer than we accept is one we could not read.
    malformed: {
      code: "ai_malformed_answer",
      message: (failure) =>
        `${service} sent an answer we could not read (${failure.message}). Nothing was saved; please try again.`,
    },
    incomplete: {
      code: "ai_incomplete_answer",
      message: () =>
        `${service} stopped in the middle of its answer. Nothing was saved; please try again.`,
    },
    rejected: { code: "ai_rejected", message: (failure) => `${failure.message}.` },
    server_error: { code: "ai_provider_error", message: (failure) => `${failure.message}.` },
  });
}
