import type { UserRow } from "../../db/schema";
import { AppError, tooManyRequests } from "../../errors";
import type { ChatProvider, ChatRequest, ChatResult } from "./provider";
import type { AiGenerationsRepository } from "./repository";
import { toAppError } from "./writer-errors";

/** The messages a model call takes (sentiment builds its own, decision 260). */
export type { ChatMessage } from "./provider";

type Actor = Pick<UserRow, "id" | "role">;

export const notConfiguredMessage =
  "No AI writer is configured. Add OLLAMA_URL (and OLLAMA_MODEL), or OPENAI_BASE_URL and OPENAI_API_KEY (and OPENAI_MODEL), to the server's settings and restart it. Until then the research step finds sources in our archive, and nothing is written by AI.";

export const notConfigured = () => new AppError(503, "ai_not_configured", notConfiguredMessage);

export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * The configured AI model as every module uses it: one daily limit per staff member (each call
 * and each generation counts, whatever it was for) and one usage log (`ai_generations`). The
 * writer's generations and the sentiment readings (decision 260) both go through it.
 */
export function createAiUsage(deps: {
  provider: ChatProvider | null;
  repository: AiGenerationsRepository;
  dailyLimit: number;
  now?: () => Date;
}) {
  const { provider, repository } = deps;
  const now = deps.now ?? (() => new Date());

  async function usedToday(actor: Actor): Promise<number> {
    return repository.countSince(actor.id, startOfUtcDay(now()));
  }

  /** What must hold before a model is asked: a provider, and calls left today. */
  async function assertMayUse(actor: Actor): Promise<ChatProvider> {
    if (!provider) throw notConfigured();
    const used = await usedToday(actor);
    if (used >= deps.dailyLimit) {
      const current = now();
      const tomorrow = startOfUtcDay(current).getTime() + 24 * 60 * 60_000;
      throw tooManyRequests(
        `You have used all ${deps.dailyLimit} AI generations for today. The limit resets at midnight UTC.`,
        "ai_daily_limit",
        (tomorrow - current.getTime()) / 1000,
      );
    }
    return provider;
  }

  return {
    provider,
    dailyLimit: deps.dailyLimit,
    usedToday,
    assertMayUse,

    /**
     * One model call on behalf of `actor`, checked against the daily limit and written to the
     * usage log under `topic` with its outcome, tokens and time. A failure is thrown as the
     * writer's AppError (ai_unreachable, ai_timeout, ...), already logged.
     */
    async chat(actor: Actor, topic: string, request: ChatRequest): Promise<ChatResult> {
      const chat = await assertMayUse(actor);
      const startedAt = Date.now();
      const log = await repository.insert({
        userId: actor.id,
        provider: chat.name,
        model: chat.model,
        topic,
      });
      try {
        const result = await chat.chat(request);
        await repository.update(log.id, {
          outcome: "succeeded",
          tokensIn: result.tokensIn,
          tokensOut: result.tokensOut,
          durationMs: Date.now() - startedAt,
        });
        return result;
      } catch (error) {
        const mapped = toAppError(error, chat);
        const code = mapped instanceof AppError ? mapped.code : "internal";
        await repository
          .update(log.id, {
            outcome: code === "ai_timeout" ? "timed_out" : "failed",
            errorCode: code,
            durationMs: Date.now() - startedAt,
          })
          .catch(() => {});
        throw mapped;
      }
    },
  };
}

export type AiUsage = ReturnType<typeof createAiUsage>;
