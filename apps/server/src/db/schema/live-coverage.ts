import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { articles } from "./content";
import { users } from "./users";

/**
 * Live coverage of an article (decision 234): when it started and, once the editor ended it, when
 * it ended. One row per article that was ever live; starting again clears the end.
 */
export const liveCoverage = pgTable("live_coverage", {
  articleId: integer("article_id")
    .primaryKey()
    .references(() => articles.id, { onDelete: "cascade" }),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  endedAt: timestamp("ended_at", { withTimezone: true }),
  startedBy: integer("started_by").references(() => users.id, { onDelete: "set null" }),
});

/** The timestamped updates of a live article, newest first on the page. */
export const liveUpdates = pgTable(
  "live_updates",
  {
    id: serial("id").primaryKey(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    /** Sanitized HTML (the article sanitizer). */
    content: text("content").notNull(),
    imageUrl: text("image_url"),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("live_updates_article_idx").on(table.articleId, table.createdAt)],
);
