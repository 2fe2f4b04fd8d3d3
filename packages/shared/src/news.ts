import { z } from "zod";
import { sentimentLabels } from "./sentiment-display";

/**
 * Breaking-news ticker shapes (spec points 3 and 7) and the 4 built-in fallback headlines of spec
 * point 8. Ticker ids are strings: a stored feed item's number as text, or "fallback-1".."fallback-4".
 */
export const tickerNewsItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  articleSlug: z.string().nullable(),
  source: z.string(),
  tags: z.array(z.string()),
  /** The headline's news sentiment (issue 30): the ticker marks bullish and bearish items. */
  sentiment: z.enum(sentimentLabels).nullable().optional(),
});
export type TickerNewsItem = z.infer<typeof tickerNewsItemSchema>;

/** GET /api/news/ticker. `origin` says whether the items come from the feeds or the fallback list. */
export const newsTickerResponseSchema = z.object({
  status: z.literal("success"),
  news: z.array(tickerNewsItemSchema),
  origin: z.enum(["feeds", "fallback"]),
});
export type NewsTickerResponse = z.infer<typeof newsTickerResponseSchema>;

/**
 * POST /api/news/generate-article. The server trusts only `newsId`: title, source and tags are
 * accepted for compatibility with the spec's payload and then ignored in favour of the stored item.
 */
export const generateArticleRequestSchema = z.object({
  newsId: z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .pipe(
      z
        .string()
        .regex(/^(\d{1,9}|fallback-\d{1,2})$/, "newsId must be the id of a ticker news item"),
    ),
  title: z.string().max(1000).optional(),
  source: z.string().max(500).optional(),
  tags: z.array(z.string().max(100)).max(50).optional(),
});
export type GenerateArticleRequest = z.input<typeof generateArticleRequestSchema>;

export const generateArticleResponseSchema = z.object({
  success: z.literal(true),
  article: z.object({ slug: z.string() }),
  /** True when this call wrote the article, false when it already existed. */
  created: z.boolean(),
});
export type GenerateArticleResponse = z.infer<typeof generateArticleResponseSchema>;

// The built-in headlines live in news-fallback.ts, without zod: the public pages import them, and
// zod would add ~24 KB (gzipped) to every page's JavaScript (decision 150).
export * from "./news-fallback";
