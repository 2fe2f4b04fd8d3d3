import type { SentimentHistoryPoint, SentimentIndex } from "@aurumwire/shared/sentiment";
import {
  coverageText,
  scoreToIndex,
  sentimentIndexLabel,
} from "@aurumwire/shared/sentiment-display";

/** The News Sentiment Index over a window and per day (decision 192). */

export const windowHours = 24;
export const historyDays = 30;
/** Neutral pseudo-items the index is pulled towards, so a few articles cannot swing it wildly. */
const shrinkItems = 2;

export interface ScoredRow {
  score: number;
  confidence: number;
  publishedAt: Date;
}

export function indexOf(rows: readonly ScoredRow[]): number | null {
  if (rows.length === 0) return null;
  let weighted = 0;
  let weights = 0;
  for (const row of rows) {
    weighted += row.score * row.confidence;
    weights += row.confidence;
  }
  return scoreToIndex(weighted / (weights + shrinkItems * 0.5));
}

export function describeWindow(rows: readonly ScoredRow[], now: Date): SentimentIndex {
  const start = now.getTime() - windowHours * 3_600_000;
  const current = rows.filter((row) => row.publishedAt.getTime() > start);
  const previous = rows.filter(
    (row) =>
      row.publishedAt.getTime() <= start &&
      row.publishedAt.getTime() > start - windowHours * 3_600_000,
  );
  const index = indexOf(current);
  const before = indexOf(previous);
  return {
    index,
    label: index === null ? "Not enough coverage" : sentimentIndexLabel(index),
    items: current.length,
    windowHours,
    trend: index !== null && before !== null ? index - before : null,
    coverage: coverageText(current.length, windowHours),
  };
}

export function dailyHistory(rows: readonly ScoredRow[], now: Date): SentimentHistoryPoint[] {
  const byDay = new Map<string, ScoredRow[]>();
  for (const row of rows) {
    const day = row.publishedAt.toISOString().slice(0, 10);
    const list = byDay.get(day) ?? [];
    list.push(row);
    byDay.set(day, list);
  }
  const points: SentimentHistoryPoint[] = [];
  for (let back = historyDays - 1; back >= 0; back -= 1) {
    const day = new Date(now.getTime() - back * 86_400_000).toISOString().slice(0, 10);
    const dayRows = byDay.get(day) ?? [];
    points.push({ day, index: indexOf(dayRows), items: dayRows.length });
  }
  return points;
}
