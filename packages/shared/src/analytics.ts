import { z } from "zod";

/**
 * Article analytics (issue 22): where readers came from, how far they read, how long they stayed.
 * Figures are aggregated by hour and by day on the server; nothing here names a reader.
 */

/** Where a counted view came from; the host is kept for search, social and other sites only. */
export const referrerSources = [
  "search",
  "social",
  "direct",
  "sites",
  "newsletter",
  "internal",
] as const;
export type ReferrerSource = (typeof referrerSources)[number];
export const referrerSourceLabels: Record<ReferrerSource, string> = {
  search: "Search",
  social: "Social",
  direct: "Direct",
  sites: "Partner and other sites",
  newsletter: "Newsletter",
  internal: "Our own pages",
};

/** Time-on-page buckets, in seconds from the view to leaving the page (upper bound exclusive). */
export const timeOnPageBuckets = [
  { key: "under10s", label: "Under 10 s", upTo: 10 },
  { key: "from10to30s", label: "10–30 s", upTo: 30 },
  { key: "from30to60s", label: "30–60 s", upTo: 60 },
  { key: "from1to3m", label: "1–3 min", upTo: 180 },
  { key: "over3m", label: "3 min or more", upTo: Number.POSITIVE_INFINITY },
] as const;
export type TimeOnPageBucket = (typeof timeOnPageBuckets)[number]["key"];
/** Longer stays count as this long in the average (a tab left open is not reading). */
export const maxTimeOnPageSeconds = 1800;
/** Hours after publication shown hour by hour; after that, day by day. */
export const hourlyWindowHours = 48;
/** How far the trending position is looked up (the trending list's own maximum). */
export const trendingPositionDepth = 50;

/** Optional body of POST /articles/{id}/view: what the page knows about how the reader came. */
export const viewSourceSchema = z
  .object({
    referrer: z.string().max(2000).optional(),
    utmSource: z.string().max(200).optional(),
    utmMedium: z.string().max(200).optional(),
  })
  .nullish();
export type ViewSource = NonNullable<z.infer<typeof viewSourceSchema>>;

/**
 * POST /articles/{id}/reading, sent by the article page at most twice per counted view: once when
 * the reader reaches the end (readThrough) and once when they leave (seconds on the page).
 */
export const readingEventSchema = z.discriminatedUnion("event", [
  z.object({
    event: z.literal("read-through"),
    token: z.string().min(10).max(200),
  }),
  z.object({
    event: z.literal("time-on-page"),
    token: z.string().min(10).max(200),
    seconds: z.number().finite().min(0).max(86_400),
  }),
]);
export type ReadingEvent = z.infer<typeof readingEventSchema>;
export const readingResponseSchema = z.object({ counted: z.boolean() });

const referrerRow = z.object({
  source: z.enum(referrerSources),
  host: z.string(),
  views: z.number(),
});
export type ReferrerRow = z.infer<typeof referrerRow>;

export const articleAnalyticsDetailsSchema = z.object({
  /** Distinct readers the server counted (one per visitor, decision 074). */
  uniqueReaders: z.number(),
  /** Views counted since analytics began (the base of the shares below). */
  trackedViews: z.number(),
  viewsByHour: z.array(z.object({ at: z.string(), views: z.number() })),
  viewsByDay: z.array(z.object({ day: z.string(), views: z.number() })),
  referrers: z.array(referrerRow),
  readThrough: z.object({ reads: z.number(), share: z.number().nullable() }),
  timeOnPage: z.object({
    reports: z.number(),
    averageSeconds: z.number().nullable(),
    buckets: z.array(z.object({ key: z.string(), label: z.string(), count: z.number() })),
  }),
  /** 1-based place in /trending (top 50), or null when outside it. */
  trendingPosition: z.number().nullable(),
});
export type ArticleAnalyticsDetails = z.infer<typeof articleAnalyticsDetailsSchema>;

/** GET /articles/{id}/analytics: public counts for everyone, details for staff who may see them. */
export const articleAnalyticsSchema = z.object({
  analytics: z.object({
    articleId: z.number(),
    title: z.string(),
    views: z.number(),
    likes: z.number(),
    details: articleAnalyticsDetailsSchema.nullable(),
  }),
});
export type ArticleAnalytics = z.infer<typeof articleAnalyticsSchema>["analytics"];

const rankedArticle = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string().nullable(),
  views: z.number(),
});
export type RankedArticle = z.infer<typeof rankedArticle>;

/** GET /analytics/overview: the dashboard home's site-wide figures (authors: their own). */
export const analyticsOverviewSchema = z.object({
  scope: z.enum(["site", "own"]),
  today: z.object({ day: z.string(), views: z.number(), readThroughs: z.number() }),
  /** Average views per day over the 7 days before today. */
  previous7DaysAverage: z.number(),
  viewsByDay: z.array(z.object({ day: z.string(), views: z.number() })),
  topToday: z.array(rankedArticle),
  topWeek: z.array(rankedArticle),
  topCategories: z.array(
    z.object({ id: z.number().nullable(), name: z.string(), views: z.number() }),
  ),
  topReferrers: z.array(referrerRow),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;
