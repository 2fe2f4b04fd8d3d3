import type { SentimentModelReadingRecord, UserRow } from "../../db/schema";
import { AppError } from "../../errors";
import type { AiUsage } from "../ai-writer/usage-service";
import { analyzeText, type TextParts, type TextSentiment } from "./analyze-text";
import {
  applyReading,
  type ModelItem,
  modelItem,
  parseSentimentAnswer,
  sentimentMessages,
} from "./model-reading";
import type { SentimentRepository } from "./repository";

type Actor = Pick<UserRow, "id" | "role">;

/** Texts in one model call, and their characters at most: one short prompt per batch. */
export const modelBatchSize = 8;
const modelBatchChars = 12_000;
/** Time for one batch call: a local model on a CPU reads eight texts in well under this. */
export const sentimentModelTimeoutMs = 120_000;

export interface EngineResult {
  results: TextSentiment[];
  /** Why some or all results are the offline classifier's, null when the model read them all. */
  notice: string | null;
}

/** Splits the items into batches of at most 8 texts and 12,000 characters. */
function batches(items: readonly { item: ModelItem; index: number }[]) {
  const out: { item: ModelItem; index: number }[][] = [];
  let current: { item: ModelItem; index: number }[] = [];
  let chars = 0;
  for (const entry of items) {
    if (
      current.length > 0 &&
      (current.length >= modelBatchSize || chars + entry.item.text.length > modelBatchChars)
    ) {
      out.push(current);
      current = [];
      chars = 0;
    }
    current.push(entry);
    chars += entry.item.text.length;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/**
 * Sentiment read by the configured AI model (decision 260): each text is first read by the
 * offline classifier (which finds its coins and is the fallback), then what the model has read
 * before comes from `sentiment_model_readings`, and the rest goes to the model in batches, each
 * call counted against `actor`'s daily limit and written to the AI usage log. A text the model
 * could not read (no provider, the limit reached, a failure, a bad answer) keeps its offline
 * result, and the notice says why.
 */
export function createModelSentiment(deps: {
  usage: AiUsage;
  repository: SentimentRepository;
  /** Time for one batch call. */
  timeoutMs: number;
}) {
  const { usage, repository } = deps;

  return async function readWithModel(
    actor: Actor,
    texts: readonly TextParts[],
  ): Promise<EngineResult> {
    const offline = texts.map((parts) => ({ ...analyzeText(parts), engine: "offline" as const }));
    const provider = usage.provider;
    if (!provider) {
      return {
        results: offline,
        notice: "No AI provider is configured on the server, so the offline classifier answered.",
      };
    }
    const items = texts.map((parts, index) => modelItem(parts, offline[index]));
    const results: TextSentiment[] = [...offline];
    const known = await repository.modelReadings(
      provider.model,
      items.map((item) => item.hash),
    );
    const toAsk: { item: ModelItem; index: number }[] = [];
    items.forEach((item, index) => {
      const reading = known.get(item.hash);
      if (reading) results[index] = applyReading(offline[index], reading);
      else toAsk.push({ item, index });
    });

    const problems: string[] = [];
    for (const batch of batches(toAsk)) {
      let answer: string;
      try {
        answer = (
          await usage.chat(
            actor,
            `Sentiment of ${batch.length} ${batch.length === 1 ? "text" : "texts"}`,
            {
              messages: sentimentMessages(batch.map((entry) => entry.item)),
              json: true,
              timeoutMs: deps.timeoutMs,
            },
          )
        ).text;
      } catch (error) {
        problems.push(error instanceof AppError ? error.message : "The AI model failed.");
        // The limit or a missing provider holds for every batch after this one too.
        if (error instanceof AppError && error.code === "ai_daily_limit") break;
        continue;
      }
      const readings = parseSentimentAnswer(
        answer,
        batch.map((entry) => entry.item),
      );
      const fresh: { hash: string; reading: SentimentModelReadingRecord }[] = [];
      batch.forEach((entry, position) => {
        const reading = readings.get(position);
        if (!reading) return;
        results[entry.index] = applyReading(offline[entry.index], reading);
        fresh.push({ hash: entry.item.hash, reading });
      });
      if (fresh.length < batch.length) {
        problems.push(
          `The AI model answered ${fresh.length} of ${batch.length} texts in a form we could read.`,
        );
      }
      await repository.saveModelReadings(provider.model, fresh);
    }
    const fallbacks = results.filter((result) => result.engine !== "ai").length;
    return {
      results,
      notice:
        fallbacks === 0
          ? null
          : `The offline classifier read ${fallbacks} of ${results.length} ${results.length === 1 ? "text" : "texts"}: ${[...new Set(problems)].join(" ")}`,
    };
  };
}

export type ReadWithModel = ReturnType<typeof createModelSentiment>;
