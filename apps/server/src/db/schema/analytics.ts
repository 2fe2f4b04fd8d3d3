import { date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { articles } from "./content";

/**
 * Article analytics (issue 22), owned by `modules/analytics`. Only counts: no address, no visitor
 * id, no referrer path. Written in batches by the analytics recorder as relative increments, so
 * several instances may add to the same row. The daily rows repeat the hourly ones summed by day
 * (UTC) so the dashboard's 7 and 30 day figures read a thirtieth of the rows.
 */
const figures = {
  views: integer("views").notNull().default(0),
  readThroughs: integer("read_throughs").notNull().default(0),
  /** Time-on-page reports, their summed seconds (each capped) and their buckets. */
  timedReads: integer("timed_reads").notNull().default(0),
  secondsOnPage: integer("seconds_on_page").notNull().default(0),
  under10s: integer("time_under_10s").notNull().default(0),
  from10to30s: integer("time_10_to_30s").notNull().default(0),
  from30to60s: integer("time_30_to_60s").notNull().default(0),
  from1to3m: integer("time_1_to_3m").notNull().default(0),
  over3m: integer("time_over_3m").notNull().default(0),
};

export const articleHourlyStats = pgTable(
  "article_hourly_stats",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    ...figures,
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.hour] }),
    index("article_hourly_stats_hour_idx").on(table.hour),
  ],
);

export const articleDailyStats = pgTable(
  "article_daily_stats",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    ...figures,
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.day] }),
    // The day's most read first (top articles), with the article for an index-only scan.
    index("article_daily_stats_day_idx").on(table.day, table.views, table.articleId),
  ],
);

/** Counted views by source per article and day; host is '' where it tells nothing or too much. */
export const articleDailyReferrers = pgTable(
  "article_daily_referrers",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    source: text("source").notNull(),
    host: text("host").notNull().default(""),
    views: integer("views").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.day, table.source, table.host] }),
    index("article_daily_referrers_day_idx").on(table.day),
  ],
);

/**
 * The daily figures summed by author and category (0: none) when they are written, so the
 * dashboard home's totals, categories and referrers read a few hundred rows, not one per article
 * and day. An article that changes category keeps its earlier views under the old one.
 */
export const analyticsDailyRollups = pgTable(
  "analytics_daily_rollups",
  {
    day: date("day", { mode: "string" }).notNull(),
    authorId: integer("author_id").notNull(),
    categoryId: integer("category_id").notNull(),
    views: integer("views").notNull().default(0),
    readThroughs: integer("read_throughs").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.authorId, table.categoryId] })],
);

export const analyticsDailyReferrerRollups = pgTable(
  "analytics_daily_referrer_rollups",
  {
    day: date("day", { mode: "string" }).notNull(),
    authorId: integer("author_id").notNull(),
    source: text("source").notNull(),
    host: text("host").notNull().default(""),
    views: integer("views").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.authorId, table.source, table.host] })],
);
