import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { articles } from "./content";
import { users } from "./users";

/** An archive article the writer was given as a source, kept as it was at generation time. */
export interface GenerationSourceRecord {
  articleId: number;
  title: string;
  slug: string;
}

/**
 * The AI writer's log: one row per generation asked for (who, when, which provider and model,
 * tokens, duration, outcome), the archive articles it was given, and the draft saved from it.
 * It also counts each staff member's generations for the daily limit.
 */
export const aiGenerations = pgTable(
  "ai_generations",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    model: text("model").notNull(),
    topic: text("topic").notNull(),
    /** "running", "succeeded", "failed", "cancelled" or "timed_out". */
    outcome: text("outcome").notNull().default("running"),
    /** The error code of a failed generation. */
    errorCode: text("error_code"),
    tokensIn: integer("tokens_in").notNull().default(0),
    tokensOut: integer("tokens_out").notNull().default(0),
    durationMs: integer("duration_ms").notNull().default(0),
    sources: jsonb("sources").$type<GenerationSourceRecord[]>().notNull().default([]),
    /** The draft saved from this generation, once 'Save as Draft & Edit' was used. */
    articleId: integer("article_id").references(() => articles.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("ai_generations_user_created_idx").on(table.userId, table.createdAt)],
);

export type AiGenerationRow = typeof aiGenerations.$inferSelect;
export type NewAiGenerationRow = typeof aiGenerations.$inferInsert;
