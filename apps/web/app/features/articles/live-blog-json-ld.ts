import type { LiveUpdatesResponse } from "@aurumwire/shared/live-coverage";
import type { MetaDescriptor } from "react-router";
import { headline, newestFirst, updateText } from "../../components/live/live-update-text";

/** How many of the newest updates the structured data lists (the page shows them all). */
const updatesInJsonLd = 50;

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
      // Newest first whatever order they came in (schema.org lists no order; readers and
      // search engines read the newest first, as the page shows them).
      liveBlogUpdate: newestFirst(live.updates)
        .slice(0, updatesInJsonLd)
        .map((update) => {
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
