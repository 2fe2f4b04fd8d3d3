/**
 * The editor's SEO score (spec point 5): five checks of 20 points each, 100 at most. A pure
 * function so the editor panel and any server-side report compute the same number.
 */

export const cryptoKeywords = [
  "bitcoin",
  "btc",
  "ethereum",
  "eth",
  "crypto",
  "cryptocurrency",
  "blockchain",
  "defi",
  "nft",
] as const;

export type SeoLabel = "Excellent" | "Good" | "Needs Improvement" | "Poor";

export type SeoCheckId = "title" | "metaTitle" | "metaDescription" | "excerpt" | "keyword";

export type SeoCheck = {
  id: SeoCheckId;
  /** What the check looks for, shown next to its tick or cross. */
  label: string;
  points: number;
  maxPoints: number;
  passed: boolean;
  /** Advice for a failed check; null when it passed. */
  advice: string | null;
};

export type SeoScore = { score: number; label: SeoLabel; checks: SeoCheck[] };

export type SeoInput = {
  title?: string | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
  excerpt?: string | null;
};

const pointsPerCheck = 20;
/** Meta fields that are filled in but outside the ideal range still earn half. */
const partialPoints = 10;

export function seoLabel(score: number): SeoLabel {
  if (score >= 80) return "Excellent";
  if (score >= 60) return "Good";
  if (score >= 40) return "Needs Improvement";
  return "Poor";
}

/**
 * Whether a title names one of the crypto keywords as a word. Matching whole words (with a plural
 * "s") keeps "eth" from matching "method" or "together", while "NFTs" and "Bitcoin's" still count.
 */
export function titleHasCryptoKeyword(title: string): boolean {
  const words = title.toLowerCase().split(/[^a-z0-9]+/);
  return words.some((word) =>
    cryptoKeywords.some(
      (keyword) =>
        word === keyword ||
        word === `${keyword}s` ||
        (keyword === "cryptocurrency" && word === "cryptocurrencies"),
    ),
  );
}

function lengthCheck(options: {
  id: SeoCheckId;
  label: string;
  value: string;
  min: number;
  max: number;
  partialWhenPresent: boolean;
  /** "a title" / "the title": how the advice names the field when it is empty / too short or long. */
  what: [string, string];
}): SeoCheck {
  const { id, label, value, min, max, partialWhenPresent, what } = options;
  const length = value.length;
  const passed = length >= min && length <= max;
  const points = passed ? pointsPerCheck : partialWhenPresent && length > 0 ? partialPoints : 0;
  let advice: string | null = null;
  if (!passed) {
    advice =
      length === 0
        ? `Add ${what[0]} of ${min} to ${max} characters.`
        : `Make ${what[1]} ${min} to ${max} characters long (now ${length}).`;
  }
  return { id, label, points, maxPoints: pointsPerCheck, passed, advice };
}

export function computeSeoScore(input: SeoInput): SeoScore {
  const title = (input.title ?? "").trim();
  const checks: SeoCheck[] = [
    lengthCheck({
      id: "title",
      label: "Title is 30 to 60 characters",
      value: title,
      min: 30,
      max: 60,
      partialWhenPresent: false,
      what: ["a title", "the title"],
    }),
    lengthCheck({
      id: "metaTitle",
      label: "Meta title is 50 to 60 characters",
      value: (input.metaTitle ?? "").trim(),
      min: 50,
      max: 60,
      partialWhenPresent: true,
      what: ["a meta title", "the meta title"],
    }),
    lengthCheck({
      id: "metaDescription",
      label: "Meta description is 120 to 160 characters",
      value: (input.metaDescription ?? "").trim(),
      min: 120,
      max: 160,
      partialWhenPresent: true,
      what: ["a meta description", "the meta description"],
    }),
    lengthCheck({
      id: "excerpt",
      label: "Excerpt is 100 to 200 characters",
      value: (input.excerpt ?? "").trim(),
      min: 100,
      max: 200,
      partialWhenPresent: false,
      what: ["an excerpt", "the excerpt"],
    }),
  ];
  const hasKeyword = titleHasCryptoKeyword(title);
  checks.push({
    id: "keyword",
    label: "Title contains a crypto keyword",
    points: hasKeyword ? pointsPerCheck : 0,
    maxPoints: pointsPerCheck,
    passed: hasKeyword,
    advice: hasKeyword ? null : `Use a crypto keyword in the title: ${cryptoKeywords.join(", ")}.`,
  });
  const score = checks.reduce((sum, check) => sum + check.points, 0);
  return { score, label: seoLabel(score), checks };
}
