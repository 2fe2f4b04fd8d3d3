import { AppError } from "../../errors";
import { type ChatProvider, ProviderError } from "./provider";

/** Provider failures in words for people, with the status the API answers. */
export function toAppError(error: unknown, provider: ChatProvider): unknown {
  if (!(error instanceof ProviderError)) return error;
  const service = provider.name === "ollama" ? "Ollama" : "The OpenAI-compatible API";
  switch (error.kind) {
    case "timeout":
      return new AppError(
        504,
        "ai_timeout",
        "The AI writer did not finish within 5 minutes. Nothing was saved; try a shorter length.",
      );
    case "cancelled":
      return new AppError(499, "ai_cancelled", "The generation was cancelled. Nothing was saved.");
    case "unreachable":
      return new AppError(
        502,
        "ai_unreachable",
        `${service} could not be reached. Check that it is running and that ${provider.name === "ollama" ? "OLLAMA_URL" : "OPENAI_BASE_URL"} is right.`,
      );
    case "rate_limited": {
      const seconds = Math.max(1, Math.ceil((error.retryAfterMs ?? 60_000) / 1000));
      return new AppError(
        429,
        "ai_rate_limited",
        `${service} is busy and asked us to wait. Try again in ${seconds} seconds.`,
        undefined,
        seconds,
      );
    }
    case "model_not_found":
      return new AppError(
        503,
        "ai_model_not_found",
        provider.name === "ollama"
          ? `The model "${provider.model}" is not installed on Ollama. Run "ollama pull ${provider.model}" there, or set OLLAMA_MODEL to an installed model.`
          : `The model "${provider.model}" is not offered by the OpenAI-compatible API. Set OPENAI_MODEL to one it offers.`,
      );
    case "malformed":
      return new AppError(
        502,
        "ai_malformed_answer",
        `${service} sent an answer we could not read (${error.message}). Nothing was saved; please try again.`,
      );
    case "incomplete":
      return new AppError(
        502,
        "ai_incomplete_answer",
        `${service} stopped in the middle of its answer. Nothing was saved; please try again.`,
      );
    case "rejected":
      return new AppError(502, "ai_rejected", `${error.message}.`);
    case "server_error":
      return new AppError(502, "ai_provider_error", `${error.message}.`);
  }
}
