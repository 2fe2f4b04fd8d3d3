// Plain values and functions only, no zod schema: the browser imports this module (decision 150).

export const sentimentLabels = ["positive", "neutral", "negative"] as const;
export type SentimentLabel = (typeof sentimentLabels)[number];

/** How readers see a label: bullish / bearish for news about a coin (decision 192). */
export const sentimentLabelText: Record<SentimentLabel, string> = {
  positive: "Bullish",
  neutral: "Neutral",
  negative: "Bearish",
};

/** The index bands of the News Sentiment gauge, 0-100 (decision 192). */
export const sentimentIndexBands = [
  { min: 0, max: 20, label: "Very Bearish" },
  { min: 20, max: 40, label: "Bearish" },
  { min: 40, max: 60, label: "Neutral" },
  { min: 60, max: 80, label: "Bullish" },
  { min: 80, max: 100.001, label: "Very Bullish" },
] as const;

export function sentimentIndexLabel(index: number): string {
  return (
    sentimentIndexBands.find((band) => index >= band.min && index < band.max)?.label ?? "Neutral"
  );
}

/** A score in [-1, 1] as the 0-100 index. */
export function scoreToIndex(score: number): number {
  return Math.round(Math.max(0, Math.min(100, (score + 1) * 50)));
}

/** Fewer items than this in the window: the index is shown as "not enough coverage". */
export const sentimentMinimumItems = 1;
/** Fewer items than this: the index is shown, with a note that it rests on few articles. */
export const sentimentFewItems = 5;

export function coverageText(items: number, hours: number): string {
  if (items < sentimentMinimumItems) return "Not enough coverage";
  return `Based on ${items} ${items === 1 ? "article" : "articles"} in ${hours} h`;
}
