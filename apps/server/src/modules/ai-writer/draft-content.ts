import {
  type GenerateArticleInputParsed,
  type GenerationSource,
  generatorSectionCounts,
} from "@aurumwire/shared/ai-writer";
import type { ArticleInputParsed } from "@aurumwire/shared/articles";
import { limits } from "@aurumwire/shared/limits";
import { ServiceError } from "../../lib/service-failure";

/**
 * What the model wrote, made into a draft: the outline read from its JSON (cut to the spec's
 * limits), each section's HTML with its [n] citations linked to the archive, the Sources list.
 */

export interface Outline {
  title: string;
  excerpt: string;
  metaTitle: string;
  metaDescription: string;
  tags: string[];
  sections: { heading: string; points: string }[];
}

/**
 * How every article the writer drafts is saved (decision 090): a draft left for a person to
 * review, neither featured nor premium, with no image asked for and no publication date.
 */
export const draftForReview = {
  status: "draft",
  isFeatured: false,
  isPremium: false,
  generateImage: false,
  publishedAt: null,
} as const satisfies Partial<ArticleInputParsed>;

/** Cuts text at a word boundary to at most `max` characters. */
export function clampText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max + 1);
  const space = cut.lastIndexOf(" ");
  return (space > max * 0.6 ? cut.slice(0, space) : clean.slice(0, max))
    .replace(/[\s,;:.-]+$/, "")
    .trim();
}

/** The model's JSON object, also when it wrapped it in prose or a code fence. */
function readJsonObject(text: string): Record<string, unknown> {
  const attempts = [text.trim()];
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start >= 0 && end > start) attempts.push(text.slice(start, end + 1));
  for (const attempt of attempts) {
    try {
      const value = JSON.parse(attempt) as unknown;
      if (value && typeof value === "object" && !Array.isArray(value)) {
        return value as Record<string, unknown>;
      }
    } catch {
      // next attempt
    }
  }
  throw new ServiceError("malformed", "the model's outline was not a JSON object");
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

export function parseOutline(raw: string, input: GenerateArticleInputParsed): Outline {
  const data = readJsonObject(raw);
  const sectionCount = generatorSectionCounts[input.length];
  const sections = (Array.isArray(data.sections) ? data.sections : [])
    .map((section) =>
      typeof section === "string"
        ? { heading: section.trim(), points: "" }
        : {
            heading: text((section as { heading?: unknown })?.heading),
            points: text((section as { points?: unknown })?.points),
          },
    )
    .filter((section) => section.heading)
    .slice(0, sectionCount)
    .map((section) => ({ heading: clampText(section.heading, 120), points: section.points }));
  if (sections.length === 0) {
    throw new ServiceError("malformed", "the model's outline has no sections");
  }
  const tags = (Array.isArray(data.tags) ? data.tags : [])
    .map((tag) => text(tag).toLowerCase())
    .filter((tag) => tag && tag.length <= 50)
    .slice(0, 8);
  const title = clampText(text(data.title) || input.prompt, limits.titleMax);
  return {
    title,
    excerpt: clampText(text(data.excerpt), limits.excerptMax),
    metaTitle: clampText(text(data.metaTitle) || title, limits.metaTitleMax),
    metaDescription: clampText(text(data.metaDescription), limits.metaDescriptionMax),
    tags: [...new Set([...tags, ...input.keywords.map((keyword) => keyword.toLowerCase())])].slice(
      0,
      10,
    ),
    sections,
  };
}

/** A section's HTML as the model wrote it, made into paragraphs with its [n] citations linked. */
export function sectionHtml(raw: string, sources: GenerationSource[]): string {
  let body = raw
    .replace(/^\s*```(?:html)?\s*/i, "")
    .replace(/\s*```\s*$/, "")
    .trim()
    // The heading is ours; a model that repeats it would print it twice.
    .replace(/^<h[1-6][^>]*>[\s\S]*?<\/h[1-6]>\s*/i, "");
  if (!/<(p|ul|ol)\b/i.test(body)) {
    body = body
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean)
      .map((paragraph) => `<p>${paragraph.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</p>`)
      .join("");
  }
  return body.replace(/\[(\d{1,2})\]/g, (match, number: string) => {
    const source = sources[Number(number) - 1];
    return source ? `<a href="/article/${source.slug}">[${number}]</a>` : match;
  });
}

export function sourcesHtml(sources: GenerationSource[]): string {
  if (sources.length === 0) return "";
  const items = sources
    .map(
      (source, index) =>
        `<li>[${index + 1}] <a href="/article/${source.slug}">${source.title.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</a></li>`,
    )
    .join("");
  return `<h2>Sources</h2><ul>${items}</ul>`;
}
