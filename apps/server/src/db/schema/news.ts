import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { articles } from "./content";

/**
 * Breaking-news items read from the RSS/Atom feeds (and the built-in fallback headlines once an
 * article has been made from one). The unique keys de-duplicate across feeds and runs: the same
 * story seen twice, by guid or by link, is one row.
 */
export const newsItems = pgTable(
  "news_items",
  {
    id: serial("id").primaryKey(),
    /** The item's guid (scoped to its feed's host unless it is a URL/URN), else its link. */
    dedupeKey: text("dedupe_key").notNull(),
    /** Normalized link to the story at its source (no tracking parameters, no fragment). */
    link: text("link"),
    title: text("title").notNull(),
    /** Plain text, no markup. */
    summary: text("summary").notNull().default(""),
    /** The feed's name (channel or feed title), else its host. */
    source: text("source").notNull(),
    feedUrl: text("feed_url"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    /** From the feed; the time we first saw the item when the feed gives none (or a future one). */
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
    /** The article made from this item, once one exists. */
    articleId: integer("article_id").references(() => articles.id, { onDelete: "set null" }),
    /** One of the 4 built-in fallback headlines, stored only to link it to its article. */
    isFallback: boolean("is_fallback").notNull().default(false),
  },
  (table) => [
    uniqueIndex("news_items_dedupe_key_idx").on(table.dedupeKey),
    uniqueIndex("news_items_link_idx").on(table.link),
    index("news_items_recent_idx").on(table.isFallback, table.publishedAt),
    index("news_items_article_idx").on(table.articleId),
  ],
);

export type NewsItemRow = typeof newsItems.$inferSelect;
export type NewNewsItemRow = typeof newsItems.$inferInsert;
