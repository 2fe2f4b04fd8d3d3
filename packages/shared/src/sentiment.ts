import { z } from "zod";
import { limits } from "./limits";
import { sentimentLabels } from "./sentiment-display";

/** POST /api/sentiment/analyze and the stored sentiment of articles (decisions 190-193). */

const sentimentLabelSchema = z.enum(sentimentLabels);

export const sentimentDriverSchema = z.object({
  phrase: z.string(),
  /** Its share of the score: above 0 pushes to positive. */
  weight: z.number(),
});

export const coinSentimentSchema = z.object({
  slug: z.string(),
  symbol: z.string(),
  name: z.string(),
  label: sentimentLabelSchema,
  score: z.number(),
  confidence: z.number(),
  /** Weighted mentions: 3 per title mention, 2 per excerpt mention, 1 per body mention. */
  relevance: z.number(),
  drivers: z.array(sentimentDriverSchema),
});
export type CoinSentiment = z.infer<typeof coinSentimentSchema>;

export const textSentimentSchema = z.object({
  label: sentimentLabelSchema,
  /** From -1 (negative) to 1 (positive). */
  score: z.number(),
  /** From 0 to 1. */
  confidence: z.number(),
  drivers: z.array(sentimentDriverSchema),
  coins: z.array(coinSentimentSchema),
  sentences: z.number(),
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
  })
  .refine((body) => (body.text === undefined) !== (body.texts === undefined), {
    message: 'Send either "text" (one text) or "texts" (a list of up to 100)',
  });
export type SentimentAnalyzeInput = z.infer<typeof sentimentAnalyzeInputSchema>;

export const sentimentAnalyzeResponseSchema = z.object({
  data: z.object({
    results: z.array(textSentimentSchema),
    /** "offline" (the built-in classifier). */
    engine: z.string(),
  }),
});
export type SentimentAnalyzeResponse = z.infer<typeof sentimentAnalyzeResponseSchema>;
