import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { articles } from "./content";
import { users } from "./users";

/**
 * Review before publishing (issue 31, decision 265), owned by the articles module: one row per
 * article that an author submitted and that has not been published or archived since. The
 * article's status stays `draft`; this row says where it stands in review.
 */
export const articleReviews = pgTable(
  "article_reviews",
  {
    articleId: integer("article_id")
      .primaryKey()
      .references(() => articles.id, { onDelete: "cascade" }),
    state: text("state", { enum: ["in_review", "changes_requested"] }).notNull(),
    submittedBy: integer("submitted_by").references(() => users.id, { onDelete: "set null" }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    /** The editor's last note: kept after a resubmission, so the editor sees what was asked. */
    note: text("note"),
    returnedBy: integer("returned_by").references(() => users.id, { onDelete: "set null" }),
    returnedAt: timestamp("returned_at", { withTimezone: true }),
  },
  (table) => [index("article_reviews_state_idx").on(table.state, table.submittedAt)],
);

export type ArticleReviewRow = typeof articleReviews.$inferSelect;
