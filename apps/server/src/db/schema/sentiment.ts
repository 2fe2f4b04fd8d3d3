import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * The stored sentiment of each published article and breaking-news item (decision 192): one row
 * for the text as a whole (`coin_slug` = "*") and one per tracked coin it is about. Owned by
 * `modules/sentiment`. `text_hash` says which text was scored, so an unchanged text is not scored
 * again; `published_at` is the item's own time, which the index windows and history use.
 */
export const sentimentScores = pgTable(
  "sentiment_scores",
  {
    id: serial("id").primaryKey(),
    /** "article" or "news". */
    subjectKind: text("subject_kind").notNull(),
    subjectId: integer("subject_id").notNull(),
    coinSlug: text("coin_slug").notNull(),
    label: text("label").notNull(),
    score: doublePrecision("score").notNull(),
    confidence: doublePrecision("confidence").notNull(),
    relevance: doublePrecision("relevance").notNull().default(0),
    drivers: jsonb("drivers").$type<{ phrase: string; weight: number }[]>().notNull(),
    textHash: text("text_hash").notNull(),
    /** The category of an article (for the dashboard), null for news items. */
    categoryId: integer("category_id"),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
    /** "offline" (the built-in classifier) or "ai" (the configured AI model, decision 260). */
    engine: text("engine").notNull().default("offline"),
  },
  (table) => [
    uniqueIndex("sentiment_scores_subject_coin_idx").on(
      table.subjectKind,
      table.subjectId,
      table.coinSlug,
    ),
    index("sentiment_scores_coin_time_idx").on(table.coinSlug, table.publishedAt),
  ],
);

export type SentimentScoreRow = typeof sentimentScores.$inferSelect;
export type NewSentimentScoreRow = typeof sentimentScores.$inferInsert;

/**
 * The AI model's readings of texts (decision 260), so a text the model has read is never sent
 * again: keyed by the model and a hash of what it was shown. Owned by `modules/sentiment`.
 */
export const sentimentModelReadings = pgTable(
  "sentiment_model_readings",
  {
    model: text("model").notNull(),
    textHash: text("text_hash").notNull(),
    reading: jsonb("reading").$type<SentimentModelReadingRecord>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.model, table.textHash] })],
);

/** What the model said of one text: its label, score, confidence, per coin, and why. */
export interface SentimentModelReadingRecord {
  label: "positive" | "neutral" | "negative";
  score: number;
  confidence: number;
  /** Coin slug -> its label, for the coins the text is about. */
  coins: Record<string, "positive" | "neutral" | "negative">;
  phrases: string[];
}
