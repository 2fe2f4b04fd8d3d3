import { z } from "zod";
import { articleListResponseSchema, articleSchema } from "./articles";
import { limits } from "./limits";
import { okResponse } from "./ok-response";
import { sentimentLabels } from "./sentiment-display";
import { sentimentEngineSchema } from "./sentiment-engine";

/** POST /api/sentiment/analyze and the stored sentiment of articles (decisions 190-193). */

const sentimentLabelSchema = z.enum(sentimentLabels);

export const sentimentDriverSchema = z.object({
  phrase: z.string(),
  /** Its share of the score: above 0 pushes to positive. */
  weight: z.number(),
});

/** What every sentiment reading says: its label, its score and how sure it is. */
const sentimentReadingSchema = z.object({
  label: sentimentLabelSchema,
  /** From -1 (negative) to 1 (positive). */
  score: z.number(),
  /** From 0 to 1. */
  confidence: z.number(),
});

export const coinSentimentSchema = z.object({
  slug: z.string(),
  symbol: z.string(),
  name: z.string(),
  ...sentimentReadingSchema.shape,
  /** Weighted mentions: 3 per title mention, 2 per excerpt mention, 1 per body mention. */
  relevance: z.number(),
  drivers: z.array(sentimentDriverSchema),
});
export type CoinSentiment = z.infer<typeof coinSentimentSchema>;

export const textSentimentSchema = sentimentReadingSchema.extend({
  drivers: z.array(sentimentDriverSchema),
  coins: z.array(coinSentimentSchema),
  sentences: z.number(),
  /** Which classifier read it: "offline", or "ai" (the configured model, decision 260). */
  engine: sentimentEngineSchema.optional(),
});
export type TextSentiment = z.infer<typeof textSentimentSchema>;

// Binary: NUL and the other C0 controls except tab, line feed and carriage return, or the
// replacement character a failed UTF-8 decoding leaves.
function looksBinary(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 0xfffd) return true;
  }
  return false;
}

const analyzableText = (label: string) =>
  z
    .string({ error: `${label} must be a string` })
    .max(
      limits.sentimentTextMax,
      `${label} must be at most ${limits.sentimentTextMax.toLocaleString("en-US")} characters`,
    )
    .refine((text) => text.trim().length > 0, `${label} is empty: give some words to analyse`)
    .refine(
      (text) => !looksBinary(text),
      `${label} contains binary data (control characters); send plain text or HTML`,
    );

const optionalPart = (label: string) =>
  z.string().max(limits.sentimentTextMax, `${label} is too long`).optional();

export const sentimentAnalyzeInputSchema = z
  .object({
    text: analyzableText("text").optional(),
    texts: z
      .array(analyzableText("Each text"), { error: "texts must be a list of strings" })
      .min(1, "texts is empty: give at least one text")
      .max(limits.sentimentTextsMax, `Send at most ${limits.sentimentTextsMax} texts at once`)
      .optional(),
    /** With `text`: the draft's title and excerpt, which weigh more than the body. */
    title: optionalPart("title"),
    excerpt: optionalPart("excerpt"),
    /** Which classifier to use; by default the one set for the newsroom (decision 260). */
    engine: sentimentEngineSchema.optional(),
  })
  .refine((body) => (body.text === undefined) !== (body.texts === undefined), {
    message: 'Send either "text" (one text) or "texts" (a list of up to 100)',
  });
export type SentimentAnalyzeInput = z.infer<typeof sentimentAnalyzeInputSchema>;

export const sentimentAnalyzeResponseSchema = z.object({
  data: z.object({
    results: z.array(textSentimentSchema),
    /** The engine asked for: "offline" (the built-in classifier) or "ai" (decision 260). */
    engine: z.string(),
    /** Why some or all results are the offline classifier's although the AI model was asked. */
    notice: z.string().nullable(),
  }),
});
export type SentimentAnalyzeResponse = z.infer<typeof sentimentAnalyzeResponseSchema>;

/** A News Sentiment index over a window (decision 192): 0-100, null without coverage. */
export const sentimentIndexSchema = z.object({
  index: z.number().nullable(),
  /** Very Bearish ... Very Bullish, or "Not enough coverage". */
  label: z.string(),
  /** Articles and news items in the window. */
  items: z.number(),
  windowHours: z.number(),
  /** Change against the window before (index points), null when either has no coverage. */
  trend: z.number().nullable(),
  /** "Based on 3 articles in 24 h" or "Not enough coverage". */
  coverage: z.string(),
});
export type SentimentIndex = z.infer<typeof sentimentIndexSchema>;

export const sentimentHistoryPointSchema = z.object({
  /** UTC day, YYYY-MM-DD. */
  day: z.string(),
  index: z.number().nullable(),
  items: z.number(),
});
export type SentimentHistoryPoint = z.infer<typeof sentimentHistoryPointSchema>;

export const coinSentimentSummarySchema = sentimentIndexSchema.extend({
  slug: z.string(),
  symbol: z.string(),
  name: z.string(),
  history: z.array(sentimentHistoryPointSchema),
});
export type CoinSentimentSummary = z.infer<typeof coinSentimentSummarySchema>;

export const sentimentOverviewSchema = z.object({
  overall: sentimentIndexSchema.extend({ history: z.array(sentimentHistoryPointSchema) }),
  coins: z.array(coinSentimentSummarySchema),
  /** When the newest scored item was published (ISO), null without any. */
  updatedAt: z.string().nullable(),
});
export type SentimentOverview = z.infer<typeof sentimentOverviewSchema>;

/** GET /public/sentiment: the index and each coin, with 30 days of history. */
export const publicSentimentResponseSchema = okResponse(sentimentOverviewSchema);

export const publicSentimentQuerySchema = z.object({
  coin: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .describe("A coin slug (bitcoin, ethereum, ...): only that coin"),
});

/** The sentiment of an article per coin, on public articles and article pages. */
export const articleCoinSentimentSchema = coinSentimentSchema.omit({
  relevance: true,
  drivers: true,
});
export type ArticleCoinSentiment = z.infer<typeof articleCoinSentimentSchema>;

export const articleSentimentSchema = sentimentReadingSchema.extend({
  coins: z.array(articleCoinSentimentSchema),
});
export type ArticleSentiment = z.infer<typeof articleSentimentSchema>;

/**
 * GET /api/sentiment/articles/{id} (staff): the stored sentiment of a public article with the
 * words and phrases that drove it, overall and per coin; null before it has been scored.
 */
export const storedArticleSentimentSchema = sentimentReadingSchema.extend({
  drivers: z.array(sentimentDriverSchema),
  coins: z.array(coinSentimentSchema.omit({ relevance: true })),
  /** "offline" or "ai": which classifier scored it. */
  engine: z.string(),
  computedAt: z.string(),
});
export type StoredArticleSentiment = z.infer<typeof storedArticleSentimentSchema>;

export const storedArticleSentimentResponseSchema = z.object({
  data: storedArticleSentimentSchema.nullable(),
});

const articleSentimentField = articleSentimentSchema
  .nullable()
  .optional()
  .describe(
    "Only for keys that also hold analytics:read: the article's news sentiment (overall and per coin it is about, label positive / neutral / negative, score -1 to 1, confidence 0 to 1); null until it has been scored (within a minute of publication) or for an article that is not public. Absent for keys without analytics:read.",
  );

/** GET /public/articles and /public/articles/{id}: articles with the sentiment field. */
export const publicArticleListResponseSchema = articleListResponseSchema.extend({
  articles: z.array(articleSchema.extend({ sentiment: articleSentimentField })),
});
export const publicArticleResponseSchema = z.object({
  article: articleSchema.extend({ sentiment: articleSentimentField }),
});
