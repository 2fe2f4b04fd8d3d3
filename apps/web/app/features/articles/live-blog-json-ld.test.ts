import type { LiveUpdatesResponse } from "@aurumwire/shared/live-coverage";
import { describe, expect, it } from "vitest";
import { liveBlogPostingJsonLd } from "./live-blog-json-ld";

/**
 * The LiveBlogPosting of a live-coverage page (issue 34, decision 236) as schema.org defines it:
 * https://schema.org/LiveBlogPosting (coverageStartTime, coverageEndTime: DateTime;
 * liveBlogUpdate: BlogPosting) and what search engines read of each update (headline,
 * articleBody, datePublished).
 */
const url = "https://aurumwire.example/article/etf-decision";
const newsArticle = {
  "script:ld+json": {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: "The ETF decision",
    datePublished: "2026-11-28T07:00:00.000Z",
  },
};

function update(id: number, createdAt: string, content: string, imageUrl: string | null = null) {
  return {
    id,
    articleId: 7,
    content,
    imageUrl,
    authorName: "Eddie Editor",
    createdAt,
    updatedAt: createdAt,
  };
}

function jsonLd(live: LiveUpdatesResponse) {
  return (liveBlogPostingJsonLd(newsArticle, live, url) as { "script:ld+json": LiveBlog })[
    "script:ld+json"
  ];
}

interface LiveBlog {
  "@type": string;
  headline: string;
  coverageStartTime?: string;
  coverageEndTime?: string;
  liveBlogUpdate: Array<Record<string, unknown>>;
}

const coverage = {
  articleId: 7,
  live: true,
  startedAt: "2026-11-28T08:00:00.000Z",
  endedAt: null,
};

describe("liveBlogPostingJsonLd", () => {
  it("keeps the article's data and says when the coverage started; no end while it runs", () => {
    const data = jsonLd({ coverage, updates: [] });
    expect(data["@type"]).toBe("LiveBlogPosting");
    expect(data.headline).toBe("The ETF decision");
    expect(data.coverageStartTime).toBe("2026-11-28T08:00:00.000Z");
    // Absent, not null: JSON.stringify leaves the key out.
    expect(JSON.parse(JSON.stringify(data))).not.toHaveProperty("coverageEndTime");
    expect(data.liveBlogUpdate).toEqual([]);
  });

  it("says when the editor ended it", () => {
    const data = jsonLd({
      coverage: { ...coverage, live: false, endedAt: "2026-11-28T11:30:00.000Z" },
      updates: [],
    });
    expect(data.coverageStartTime).toBe("2026-11-28T08:00:00.000Z");
    expect(data.coverageEndTime).toBe("2026-11-28T11:30:00.000Z");
  });

  it("lists each update as a BlogPosting with its time and text, newest first", () => {
    const data = jsonLd({
      coverage,
      // Oldest first, as a caller might hand them: the structured data still lists the newest first.
      updates: [
        update(1, "2026-11-28T08:05:00.000Z", "<p>The hearing opens.</p>"),
        update(
          3,
          "2026-11-28T09:40:00.000Z",
          "<p>The SEC approves the <strong>spot</strong> ETF &amp; its options.</p>",
          "/uploads/ruling.webp",
        ),
        update(2, "2026-11-28T09:10:00.000Z", "<p>A recess.</p><p>Back at 10:00.</p>"),
      ],
    });
    expect(data.liveBlogUpdate).toEqual([
      {
        "@type": "BlogPosting",
        headline: "The SEC approves the spot ETF & its options.",
        articleBody: "The SEC approves the spot ETF & its options.",
        datePublished: "2026-11-28T09:40:00.000Z",
        dateModified: "2026-11-28T09:40:00.000Z",
        url: `${url}#update-3`,
        author: { "@type": "Person", name: "Eddie Editor" },
        image: "https://aurumwire.example/uploads/ruling.webp",
      },
      {
        "@type": "BlogPosting",
        headline: "A recess. Back at 10:00.",
        articleBody: "A recess. Back at 10:00.",
        datePublished: "2026-11-28T09:10:00.000Z",
        dateModified: "2026-11-28T09:10:00.000Z",
        url: `${url}#update-2`,
        author: { "@type": "Person", name: "Eddie Editor" },
      },
      {
        "@type": "BlogPosting",
        headline: "The hearing opens.",
        articleBody: "The hearing opens.",
        datePublished: "2026-11-28T08:05:00.000Z",
        dateModified: "2026-11-28T08:05:00.000Z",
        url: `${url}#update-1`,
        author: { "@type": "Person", name: "Eddie Editor" },
      },
    ]);
  });

  it("keeps a long update's headline to 110 characters and its whole text as the body", () => {
    const long = `The regulator's statement, read in full: ${"word ".repeat(40).trim()}.`;
    const [item] = jsonLd({
      coverage,
      updates: [update(4, "2026-11-28T10:00:00.000Z", `<p>${long}</p>`)],
    }).liveBlogUpdate;
    expect((item!.headline as string).length).toBeLessThanOrEqual(110);
    expect(item!.headline).toMatch(/…$/);
    expect(item!.articleBody).toBe(long);
  });
});
