import { z } from "zod";

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

export interface FallbackHeadline {
  id: string;
  title: string;
  summary: string;
  source: string;
  /** A page of this site the brief links to as its source. */
  link: string;
  tags: string[];
}

/**
 * The 4 built-in fallback headlines, shown while no news feed is configured or none has answered.
 * They are evergreen explainers from the site itself, not reports of events, so an article made
 * from one never presents invented news as real.
 */
export const fallbackHeadlines: readonly FallbackHeadline[] = [
  {
    id: "fallback-1",
    title: "Bitcoin explained: how the first cryptocurrency works",
    summary:
      "Bitcoin is a peer-to-peer digital currency secured by proof-of-work mining. New blocks are added about every ten minutes, and the supply is capped at 21 million coins.",
    source: "AurumWire",
    link: "/category/bitcoin",
    tags: ["bitcoin", "news"],
  },
  {
    id: "fallback-2",
    title: "Ethereum and smart contracts: what they are and why they matter",
    summary:
      "Ethereum runs programs called smart contracts that execute exactly as written. They power tokens, decentralized exchanges and lending markets without a central operator.",
    source: "AurumWire",
    link: "/category/ethereum",
    tags: ["ethereum", "news"],
  },
  {
    id: "fallback-3",
    title: "DeFi basics: lending, trading and yield without a bank",
    summary:
      "Decentralized finance rebuilds lending, trading and savings on public blockchains. Returns can be attractive, but smart-contract bugs and volatile collateral carry real risk.",
    source: "AurumWire",
    link: "/category/defi",
    tags: ["defi", "news"],
  },
  {
    id: "fallback-4",
    title: "Reading the crypto market: market cap, volume and volatility",
    summary:
      "Market capitalisation measures a coin's size, trading volume shows how actively it changes hands, and volatility describes how far its price swings. Together they frame any price move.",
    source: "AurumWire",
    link: "/markets",
    tags: ["trading", "analysis"],
  },
];

export function fallbackTickerNews(): TickerNewsItem[] {
  return fallbackHeadlines.map(({ id, title, source, tags }) => ({
    id,
    title,
    articleSlug: null,
    source,
    tags,
  }));
}
