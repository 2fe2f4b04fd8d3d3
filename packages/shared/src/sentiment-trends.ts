import { z } from "zod";
import { sentimentHistoryPointSchema } from "./sentiment";

/** GET /api/sentiment/trends (staff): the daily News Sentiment per coin and per category. */
export const sentimentTrendSchema = z.object({
  /** A coin slug, or a category id as text. */
  key: z.string(),
  name: z.string(),
  /** Scored articles and news items over the 30 days. */
  items: z.number(),
  history: z.array(sentimentHistoryPointSchema),
});
export type SentimentTrend = z.infer<typeof sentimentTrendSchema>;

export const sentimentTrendsSchema = z.object({
  coins: z.array(sentimentTrendSchema),
  categories: z.array(sentimentTrendSchema),
});
export type SentimentTrends = z.infer<typeof sentimentTrendsSchema>;

export const sentimentTrendsResponseSchema = z.object({ data: sentimentTrendsSchema });
