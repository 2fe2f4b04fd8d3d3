import type { LiveUpdatesResponse } from "@aurumwire/shared/live-coverage";
import type { MetaDescriptor } from "react-router";

/** How many of the newest updates the structured data lists (the page shows them all). */
const updatesInJsonLd = 50;

const entities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  nbsp: " ",
};

/** An update's text as a reader reads it (the HTML is the sanitized update). */
export function updateText(html: string): string {
  return html
    .replace(/<\/(p|h[1-6]|li|blockquote)>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name] ?? " ")
    .replace(/\s+/g, " ")
    .trim();
}

function headline(text: string): string {
  return text.length > 110 ? `${text.slice(0, 109).trimEnd()}…` : text;
}

/**
 * The article's NewsArticle structured data turned into a `LiveBlogPosting` (schema.org; what
 * search engines read for live coverage, decision 236): `coverageStartTime`, `coverageEndTime`
 * once ended, and the newest updates as `liveBlogUpdate` BlogPostings with their own anchors.
 */
export function liveBlogPostingJsonLd(
  newsArticle: MetaDescriptor,
  live: LiveUpdatesResponse,
  url: string,
): MetaDescriptor {
  const base = (newsArticle as { "script:ld+json": Record<string, unknown> })["script:ld+json"];
  return {
    "script:ld+json": {
      ...base,
      "@type": "LiveBlogPosting",
      coverageStartTime: live.coverage.startedAt ?? undefined,
      coverageEndTime: live.coverage.endedAt ?? undefined,
      liveBlogUpdate: live.updates.slice(0, updatesInJsonLd).map((update) => {
        const text = updateText(update.content);
        return {
          "@type": "BlogPosting",
          headline: headline(text || "Update"),
          articleBody: text,
          datePublished: update.createdAt,
          dateModified: update.updatedAt,
          url: `${url}#update-${update.id}`,
          author: { "@type": "Person", name: update.authorName },
          ...(update.imageUrl ? { image: new URL(update.imageUrl, url).href } : {}),
        };
      }),
    },
  };
}
