import { createHash } from "node:crypto";
import type { SentimentLabel } from "@aurumwire/shared/sentiment-display";
import { z } from "zod";
import type { SentimentModelReadingRecord } from "../../db/schema";
import { htmlToText } from "../../lib/article-html";
import type { ChatMessage } from "../ai-writer/usage-service";
import type { TextParts, TextSentiment } from "./analyze-text";

/**
 * The AI model's reading of news sentiment (decision 260): what the model is shown, the short
 * classification prompt for a batch of texts, how its JSON answer is read, and how a reading
 * becomes a result. Coins are still found by the dictionary (decision 191): the model is told
 * which coins a text is about and says how the text reads for each.
 */

/** What the model reads of a long article: the title, the excerpt and the lede. */
const modelTextMax = 1_500;

export interface ModelItem {
  /** Hash of what the model is shown (with the coins asked about): the cache key. */
  hash: string;
  text: string;
  coins: { slug: string; symbol: string }[];
}

export function modelItem(parts: TextParts, offline: TextSentiment): ModelItem {
  const body = parts.body ? htmlToText(parts.body).replace(/\s+/g, " ").trim() : "";
  const lines = [
    parts.title?.trim() ? `Title: ${parts.title.trim()}` : "",
    parts.excerpt?.trim() ? `Excerpt: ${parts.excerpt.trim()}` : "",
    body ? `Text: ${body}` : "",
  ].filter(Boolean);
  const text = lines.join("\n").slice(0, modelTextMax);
  const coins = offline.coins.map((coin) => ({ slug: coin.slug, symbol: coin.symbol }));
  const hash = createHash("sha256")
    .update(`${text}\u0000${coins.map((coin) => coin.symbol).join(",")}`)
    .digest("base64url")
    .slice(0, 22);
  return { hash, text, coins };
}

export const sentimentSystemPrompt = [
  "You classify the sentiment of cryptocurrency and financial news for investors.",
  "Most financial news is neutral: plain facts, figures, schedules and announcements are neutral.",
  "Call a text positive or negative only when it is clearly good or bad news for investors in",
  "what it is about (gains, approvals, inflows, upgrades / losses, hacks, exploits, outflows,",
  "delistings, lawsuits). For each text answer its label, a score from -1 (very negative) to 1",
  "(very positive), your confidence from 0 to 1, the label for each coin listed with it, and up",
  "to three short phrases copied from the text that decided the label.",
  'Answer with one JSON object only: {"results":[{"id":1,"label":"positive|neutral|negative",',
  '"score":0.0,"confidence":0.0,"coins":{"BTC":"neutral"},"phrases":["..."]}]}, one entry per text.',
].join(" ");

/** The batch's messages: every text numbered from 1, with the coins it is about. */
export function sentimentMessages(items: readonly ModelItem[]): ChatMessage[] {
  const texts = items.map((item, index) => {
    const coins = item.coins.length ? item.coins.map((coin) => coin.symbol).join(", ") : "none";
    return `Text ${index + 1} (coins: ${coins}):\n${item.text}`;
  });
  return [
    { role: "system", content: sentimentSystemPrompt },
    { role: "user", content: `Classify these ${items.length} texts.\n\n${texts.join("\n\n")}` },
  ];
}

const labelSchema = z.enum(["positive", "neutral", "negative"]);
const answerSchema = z.object({
  results: z.array(
    z.object({
      id: z.coerce.number(),
      label: z.string(),
      score: z.coerce.number().optional(),
      confidence: z.coerce.number().optional(),
      coins: z.record(z.string(), z.unknown()).optional(),
      phrases: z.array(z.unknown()).optional(),
    }),
  ),
});

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const round = (value: number) => Math.round(value * 1000) / 1000;

function readLabel(value: unknown): SentimentLabel | null {
  const parsed = labelSchema.safeParse(typeof value === "string" ? value.toLowerCase() : value);
  return parsed.success ? parsed.data : null;
}

/** A score that agrees with the label: a model's "positive" with a score of -0.2 is 0.5. */
function scoreFor(label: SentimentLabel, score: number | undefined): number {
  const given = score !== undefined && Number.isFinite(score) ? clamp(score, -1, 1) : Number.NaN;
  if (label === "positive") return given > 0 ? given : 0.5;
  if (label === "negative") return given < 0 ? given : -0.5;
  return Math.abs(given) <= 0.3 ? given : 0;
}

/**
 * Reads the model's answer: one reading per text it answered well (a known label); texts it left
 * out or answered badly are missing from the map and fall back to the offline classifier. Phrases
 * that are not in the text are dropped (the "why" quotes the text, never the model's invention).
 */
export function parseSentimentAnswer(
  answer: string,
  items: readonly ModelItem[],
): Map<number, SentimentModelReadingRecord> {
  const readings = new Map<number, SentimentModelReadingRecord>();
  let json: unknown;
  try {
    json = JSON.parse(answer.slice(answer.indexOf("{"), answer.lastIndexOf("}") + 1));
  } catch {
    return readings;
  }
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success) return readings;
  for (const entry of parsed.data.results) {
    const index = entry.id - 1;
    const item = items[index];
    const label = readLabel(entry.label);
    if (!item || !label || readings.has(index)) continue;
    const coins: SentimentModelReadingRecord["coins"] = {};
    for (const coin of item.coins) {
      coins[coin.slug] = readLabel(entry.coins?.[coin.symbol]) ?? label;
    }
    const lower = item.text.toLowerCase();
    const phrases = (entry.phrases ?? [])
      .filter((phrase): phrase is string => typeof phrase === "string")
      .map((phrase) => phrase.trim().replace(/^["'\u201c]|["'\u201d]$/g, ""))
      .filter((phrase) => phrase.length > 1 && phrase.length <= 80)
      .filter((phrase) => lower.includes(phrase.toLowerCase()))
      .slice(0, 3);
    readings.set(index, {
      label,
      score: round(scoreFor(label, entry.score)),
      confidence: round(
        entry.confidence !== undefined && Number.isFinite(entry.confidence)
          ? clamp(entry.confidence, 0.5, 0.95)
          : 0.7,
      ),
      coins,
      phrases,
    });
  }
  return readings;
}

const labelScore = (label: SentimentLabel, reading: SentimentModelReadingRecord) =>
  label === reading.label
    ? reading.score
    : label === "positive"
      ? 0.5
      : label === "negative"
        ? -0.5
        : 0;

/** The offline result with the model's labels, scores and phrases (its coins and relevance kept). */
export function applyReading(
  offline: TextSentiment,
  reading: SentimentModelReadingRecord,
): TextSentiment {
  const drivers = (score: number) =>
    reading.phrases.map((phrase) => ({
      phrase,
      weight: round(score / Math.max(1, reading.phrases.length)),
    }));
  return {
    ...offline,
    label: reading.label,
    score: reading.score,
    confidence: reading.confidence,
    drivers: drivers(reading.score),
    coins: offline.coins.map((coin) => {
      const label = reading.coins[coin.slug] ?? reading.label;
      const score = labelScore(label, reading);
      return { ...coin, label, score, confidence: reading.confidence, drivers: drivers(score) };
    }),
    engine: "ai",
  };
}
