import type { FigureCheck } from "@aurumwire/shared/ai-writer";

/** Numbers as writers write them: $97,123.45, 12.5%, 3 million, 2024 are all figures. */
const figurePattern =
  /[$€£]?\d[\d,]*(?:\.\d+)?\s?(?:%|percent|[kKmMbB]\b|million|billion|trillion)?/g;

/** "97,123.45" and "97123.45" are the same figure; "$" and spacing do not matter. */
function normalizeFigure(figure: string): string {
  return figure
    .replace(/[$€£,\s]/g, "")
    .replace(/percent$/i, "%")
    .toLowerCase();
}

function sentenceAround(text: string, index: number, length: number): string {
  const start = Math.max(0, text.lastIndexOf(".", index) + 1);
  const endDot = text.indexOf(".", index + length);
  const end = endDot < 0 ? text.length : endDot + 1;
  return text.slice(start, Math.min(end, start + 240)).trim();
}

/**
 * The check pass after writing: every number, price and percentage in the draft that appears in
 * none of the sources (nor in the topic the editor typed) is listed for the editor to check.
 * Small counting words (numbers below 10 without a unit, section numbers) are not figures.
 */
export function uncheckedFigures(draftText: string, knownTexts: string[]): FigureCheck[] {
  const known = new Set<string>();
  for (const text of knownTexts) {
    for (const match of text.matchAll(figurePattern)) {
      const normalized = normalizeFigure(match[0]);
      known.add(normalized);
      known.add(normalized.replace(/[^\d.]/g, ""));
    }
  }
  const seen = new Set<string>();
  const checks: FigureCheck[] = [];
  for (const match of draftText.matchAll(figurePattern)) {
    const raw = match[0].trim();
    const normalized = normalizeFigure(raw);
    const bare = normalized.replace(/[^\d.]/g, "");
    const hasUnit = /[%a-z]|^[$€£]/i.test(raw);
    if (!hasUnit && Number(bare) < 10) continue;
    if (known.has(normalized) || known.has(bare) || seen.has(normalized)) continue;
    seen.add(normalized);
    checks.push({ figure: raw, context: sentenceAround(draftText, match.index ?? 0, raw.length) });
  }
  return checks;
}
