import { trackedCoinEntries } from "@aurumwire/shared/coins";
import type { SentimentLabel } from "@aurumwire/shared/sentiment-display";
import type { SentimentEngine } from "@aurumwire/shared/sentiment-engine";
import { htmlToText } from "../../lib/article-html";
import { classifySentence, describeRaw, type SentimentDriver } from "./classifier";
import { countCoinMentions } from "./coin-mentions";

/**
 * Sentiment of a whole text and of each tracked coin it is about (decisions 190, 191). Every
 * sentence is scored; the title weighs 3, the excerpt 2, a body sentence 1. A coin is "about" when
 * its mentions, weighed the same way, reach 2 (named in the title or the excerpt, or twice in the
 * body); its sentiment comes from the sentences that name it.
 */

export interface TextParts {
  title?: string;
  excerpt?: string;
  /** Plain text or article HTML. */
  body?: string;
}

export interface CoinTextSentiment {
  slug: string;
  symbol: string;
  name: string;
  label: SentimentLabel;
  score: number;
  confidence: number;
  /** Weighted mentions: 3 per title mention, 2 per excerpt mention, 1 per body mention. */
  relevance: number;
  drivers: SentimentDriver[];
}

export interface TextSentiment {
  label: SentimentLabel;
  score: number;
  confidence: number;
  drivers: SentimentDriver[];
  coins: CoinTextSentiment[];
  sentences: number;
  /** Which classifier read it (decision 260); the offline one when absent. */
  engine?: SentimentEngine;
}

const partWeights = { title: 3, excerpt: 2, body: 1 } as const;
const aboutRelevance = 2;
/** A long article is read up to this many body sentences (the lede carries the news). */
const maxBodySentences = 400;
const maxCoins = 8;
const blockBreak = "\uE000";

interface WeightedSentence {
  text: string;
  weight: number;
}

export function splitSentences(text: string): string[] {
  return text
    .split(new RegExp(`${blockBreak}|\\n+|(?<=[.!?])\\s+(?=[\\p{Lu}\\p{N}"'\u201c\u2018($])`, "u"))
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

function bodyText(body: string): string {
  if (!/<[a-z!/]/i.test(body)) return body;
  return htmlToText(
    body.replace(
      /<\/(p|h[1-6]|li|blockquote|pre|figcaption|div|td|th)>|<br\s*\/?>/gi,
      `$&${blockBreak}`,
    ),
  );
}

/** Combines sentences into one result: a weighted sum, damped by the square root of the weight. */
function combine(sentences: { weight: number; raw: number; drivers: SentimentDriver[] }[]) {
  let sum = 0;
  let totalWeight = 0;
  let maxWeight = 0;
  const driverWeights = new Map<string, number>();
  for (const sentence of sentences) {
    sum += sentence.weight * sentence.raw;
    totalWeight += sentence.weight;
    maxWeight = Math.max(maxWeight, sentence.weight);
    for (const driver of sentence.drivers) {
      driverWeights.set(
        driver.phrase,
        (driverWeights.get(driver.phrase) ?? 0) + driver.weight * sentence.weight,
      );
    }
  }
  const raw = totalWeight ? sum / Math.sqrt(totalWeight * maxWeight) : 0;
  const drivers = [...driverWeights].map(([phrase, weight]) => ({
    phrase,
    weight: Math.round(weight * 100) / 100,
  }));
  return describeRaw(raw, drivers);
}

const clauseBreak = /\s*(?:[;,]|\b(?:as|while|whereas|but|after|amid|and)\b)\s*/iu;

/**
 * A sentence that names several coins ("Ether surges as Solana suffers an outage"): each clause
 * goes to the coins it names, a clause naming none to the coins of the clause before.
 */
function scoreClausesByCoin(
  sentence: string,
): Map<string, { raw: number; drivers: SentimentDriver[] }> {
  const byCoin = new Map<string, { raw: number; drivers: SentimentDriver[] }>();
  let current: string[] = [];
  for (const clause of sentence.split(clauseBreak)) {
    if (!clause.trim()) continue;
    const named = [...countCoinMentions(clause).keys()];
    if (named.length > 0) current = named;
    const result = classifySentence(clause);
    for (const slug of current) {
      const entry = byCoin.get(slug) ?? { raw: 0, drivers: [] };
      entry.raw += result.raw;
      entry.drivers.push(...result.drivers);
      byCoin.set(slug, entry);
    }
  }
  return byCoin;
}

export function analyzeText(parts: TextParts): TextSentiment {
  const sentences: WeightedSentence[] = [];
  if (parts.title?.trim()) sentences.push({ text: parts.title.trim(), weight: partWeights.title });
  if (parts.excerpt?.trim()) {
    for (const text of splitSentences(parts.excerpt)) {
      sentences.push({ text, weight: partWeights.excerpt });
    }
  }
  if (parts.body?.trim()) {
    for (const text of splitSentences(bodyText(parts.body)).slice(0, maxBodySentences)) {
      sentences.push({ text, weight: partWeights.body });
    }
  }

  const scored = sentences.map((sentence) => {
    const result = classifySentence(sentence.text);
    const mentions = countCoinMentions(sentence.text);
    return {
      ...sentence,
      raw: result.raw,
      drivers: result.drivers,
      mentions,
      byCoin: mentions.size > 1 ? scoreClausesByCoin(sentence.text) : null,
    };
  });
  const overall = combine(scored);

  const relevance = new Map<string, number>();
  for (const sentence of scored) {
    for (const [slug, count] of sentence.mentions) {
      relevance.set(slug, (relevance.get(slug) ?? 0) + count * sentence.weight);
    }
  }
  const coins: CoinTextSentiment[] = [];
  for (const coin of trackedCoinEntries) {
    const coinRelevance = relevance.get(coin.slug) ?? 0;
    if (coinRelevance < aboutRelevance) continue;
    const result = combine(
      scored
        .filter((sentence) => sentence.mentions.has(coin.slug))
        .map((sentence) => ({ ...sentence, ...(sentence.byCoin?.get(coin.slug) ?? {}) })),
    );
    coins.push({
      slug: coin.slug,
      symbol: coin.symbol,
      name: coin.name,
      label: result.label,
      score: result.score,
      confidence: result.confidence,
      relevance: coinRelevance,
      drivers: result.drivers,
    });
  }
  coins.sort((a, b) => b.relevance - a.relevance);

  return {
    label: overall.label,
    score: overall.score,
    confidence: overall.confidence,
    drivers: overall.drivers,
    coins: coins.slice(0, maxCoins),
    sentences: scored.length,
  };
}
