import type { ReferrerSource } from "@aurumwire/shared/analytics";
import { and, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client";
import {
  analyticsDailyReferrerRollups,
  analyticsDailyRollups,
  articleDailyReferrers,
  articleDailyStats,
  articleHourlyStats,
  articles,
  articleViews,
  categories,
} from "../../db/schema";
import { rankArticlesByViews, rankFromDailyLeaders, sumOf } from "./leaders-repository";

/** The summed figures of one row of article_hourly_stats or article_daily_stats. */
export interface Figures {
  views: number;
  readThroughs: number;
  timedReads: number;
  secondsOnPage: number;
  under10s: number;
  from10to30s: number;
  from30to60s: number;
  from1to3m: number;
  over3m: number;
}
export const figureNames = [
  "views",
  "readThroughs",
  "timedReads",
  "secondsOnPage",
  "under10s",
  "from10to30s",
  "from30to60s",
  "from1to3m",
  "over3m",
] as const satisfies ReadonlyArray<keyof Figures>;
const figureColumns = {
  views: "views",
  readThroughs: "read_throughs",
  timedReads: "timed_reads",
  secondsOnPage: "seconds_on_page",
  under10s: "time_under_10s",
  from10to30s: "time_10_to_30s",
  from30to60s: "time_30_to_60s",
  from1to3m: "time_1_to_3m",
  over3m: "time_over_3m",
} as const satisfies Record<keyof Figures, string>;

export interface StatsIncrement extends Figures {
  articleId: number;
  /** Start of the hour (hourly rows) as an ISO string, or the UTC day as YYYY-MM-DD. */
  period: string;
}
export interface ReferrerIncrement {
  articleId: number;
  day: string;
  source: ReferrerSource;
  host: string;
  views: number;
}

/** Whose articles a figure covers: every article, or one author's. */
export type AnalyticsScope = { authorId: number } | "all";

/** Rows per statement: PostgreSQL allows 65535 parameters, a row here uses 11. */
const rowsPerStatement = 500;

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    result.push(items.slice(start, start + size));
  return result;
}

export function createAnalyticsRepository(db: Database) {
  /**
   * Adds increments as one statement per chunk. Increments are relative, so instances flushing
   * their own buffers add up; rows of articles deleted since the view are dropped by the join.
   */
  async function addFigures(
    table: "article_hourly_stats" | "article_daily_stats",
    rows: StatsIncrement[],
    tx: Executor,
  ) {
    const periodColumn = table === "article_hourly_stats" ? "hour" : "day";
    const periodType = table === "article_hourly_stats" ? "timestamptz" : "date";
    const columns = figureNames.map((name) => figureColumns[name]);
    for (const chunk of chunks(rows, rowsPerStatement)) {
      const values = sql.join(
        chunk.map(
          (row) =>
            sql`(${row.articleId}::int, ${row.period}::${sql.raw(periodType)}, ${sql.join(
              figureNames.map((name) => sql`${Math.round(row[name])}::int`),
              sql`, `,
            )})`,
        ),
        sql`, `,
      );
      const columnList = sql.raw(columns.join(", "));
      const updates = sql.raw(
        columns.map((column) => `${column} = ${table}.${column} + excluded.${column}`).join(", "),
      );
      await tx.execute(sql`
        insert into ${sql.raw(table)} (article_id, ${sql.raw(periodColumn)}, ${columnList})
        select v.article_id, v.period, ${sql.raw(columns.map((column) => `v.${column}`).join(", "))}
        from (values ${values}) as v(article_id, period, ${columnList})
        join articles a on a.id = v.article_id
        on conflict (article_id, ${sql.raw(periodColumn)}) do update set ${updates}`);
    }
  }

  return {
    /** Writes one flush of the recorder in one transaction: all of it or none. */
    async addBatch(batch: {
      hourly: StatsIncrement[];
      daily: StatsIncrement[];
      referrers: ReferrerIncrement[];
    }): Promise<void> {
      await db.transaction(async (tx) => {
        await addFigures("article_hourly_stats", batch.hourly, tx);
        await addFigures("article_daily_stats", batch.daily, tx);
        for (const chunk of chunks(
          batch.daily.filter((row) => row.views > 0 || row.readThroughs > 0),
          rowsPerStatement,
        )) {
          const values = sql.join(
            chunk.map(
              (row) =>
                sql`(${row.articleId}::int, ${row.period}::date, ${row.views}::int, ${row.readThroughs}::int)`,
            ),
            sql`, `,
          );
          await tx.execute(sql`
            insert into analytics_daily_rollups (day, author_id, category_id, views, read_throughs)
            select v.day, a.author_id, coalesce(a.category_id, 0), sum(v.views), sum(v.read_throughs)
            from (values ${values}) as v(article_id, day, views, read_throughs)
            join articles a on a.id = v.article_id
            group by 1, 2, 3
            on conflict (day, author_id, category_id) do update set
              views = analytics_daily_rollups.views + excluded.views,
              read_throughs = analytics_daily_rollups.read_throughs + excluded.read_throughs`);
        }
        for (const chunk of chunks(batch.referrers, rowsPerStatement)) {
          const values = sql.join(
            chunk.map(
              (row) =>
                sql`(${row.articleId}::int, ${row.day}::date, ${row.source}::text, ${row.host}::text, ${row.views}::int)`,
            ),
            sql`, `,
          );
          await tx.execute(sql`
            insert into article_daily_referrers (article_id, day, source, host, views)
            select v.article_id, v.day, v.source, v.host, v.views
            from (values ${values}) as v(article_id, day, source, host, views)
            join articles a on a.id = v.article_id
            on conflict (article_id, day, source, host)
            do update set views = article_daily_referrers.views + excluded.views`);
          await tx.execute(sql`
            insert into analytics_daily_referrer_rollups (day, author_id, source, host, views)
            select v.day, a.author_id, v.source, v.host, sum(v.views)
            from (values ${values}) as v(article_id, day, source, host, views)
            join articles a on a.id = v.article_id
            group by 1, 2, 3, 4
            on conflict (day, author_id, source, host)
            do update set views = analytics_daily_referrer_rollups.views + excluded.views`);
        }
      });
    },

    /** Stored counters and owner of one article, read fresh (cached copies may be behind). */
    async articleCounts(articleId: number, tx: Executor = db) {
      const [row] = await tx
        .select({
          id: articles.id,
          title: articles.title,
          authorId: articles.authorId,
          views: articles.viewCount,
          likes: articles.likeCount,
          publishedAt: articles.publishedAt,
          createdAt: articles.createdAt,
        })
        .from(articles)
        .where(eq(articles.id, articleId));
      return row;
    },

    async uniqueReaders(articleId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(articleViews)
        .where(eq(articleViews.articleId, articleId));
      return Number(row?.count ?? 0);
    },

    async hourlyViews(articleId: number, from: Date, to: Date, tx: Executor = db) {
      const rows = await tx
        .select({ hour: articleHourlyStats.hour, views: articleHourlyStats.views })
        .from(articleHourlyStats)
        .where(
          and(
            eq(articleHourlyStats.articleId, articleId),
            gte(articleHourlyStats.hour, from),
            lte(articleHourlyStats.hour, to),
          ),
        );
      return rows.map((row) => ({ hour: new Date(row.hour), views: row.views }));
    },

    async dailyFigures(articleId: number, fromDay: string, tx: Executor = db) {
      return tx
        .select({
          day: articleDailyStats.day,
          views: articleDailyStats.views,
        })
        .from(articleDailyStats)
        .where(
          and(eq(articleDailyStats.articleId, articleId), gte(articleDailyStats.day, fromDay)),
        );
    },

    /** All figures of one article summed over its whole life. */
    async articleTotals(articleId: number, tx: Executor = db): Promise<Figures> {
      const [row] = await tx
        .select(
          Object.fromEntries(
            figureNames.map((name) => [name, sumOf(articleDailyStats[name])]),
          ) as Record<keyof Figures, SQL<number>>,
        )
        .from(articleDailyStats)
        .where(eq(articleDailyStats.articleId, articleId));
      return Object.fromEntries(
        figureNames.map((name) => [name, Number(row?.[name] ?? 0)]),
      ) as unknown as Figures;
    },

    async articleReferrers(articleId: number, limit: number, tx: Executor = db) {
      const views = sumOf(articleDailyReferrers.views);
      return tx
        .select({
          source: articleDailyReferrers.source,
          host: articleDailyReferrers.host,
          views,
        })
        .from(articleDailyReferrers)
        .where(eq(articleDailyReferrers.articleId, articleId))
        .groupBy(articleDailyReferrers.source, articleDailyReferrers.host)
        .orderBy(desc(views), articleDailyReferrers.source, articleDailyReferrers.host)
        .limit(limit);
    },

    /** Views and read-throughs per day from `fromDay` on, for the scope. */
    async viewsByDay(scope: AnalyticsScope, fromDay: string, tx: Executor = db) {
      return tx
        .select({
          day: analyticsDailyRollups.day,
          views: sumOf(analyticsDailyRollups.views),
          readThroughs: sumOf(analyticsDailyRollups.readThroughs),
        })
        .from(analyticsDailyRollups)
        .where(
          and(
            gte(analyticsDailyRollups.day, fromDay),
            scope === "all" ? undefined : eq(analyticsDailyRollups.authorId, scope.authorId),
          ),
        )
        .groupBy(analyticsDailyRollups.day);
    },

    /**
     * The most viewed articles from `fromDay` to `toDay`, exactly. It first ranks only each
     * day's leaders (a few rows per day through the (day, views) index): no other
     * article can have more views than the sum of each day's last leader, so when that bound is
     * below the last place of the list, the list is final; otherwise every article is summed.
     */
    async topArticles(
      scope: AnalyticsScope,
      fromDay: string,
      toDay: string,
      limit: number,
      tx: Executor = db,
    ): Promise<Array<{ id: number; title: string; slug: string | null; views: number }>> {
      let ranked = await rankFromDailyLeaders(scope, fromDay, toDay, limit, tx);
      ranked ??= await rankArticlesByViews(
        tx,
        { fromDay, toDay, limit },
        scope === "all"
          ? undefined
          : sql`${articleDailyStats.articleId} in (select ${articles.id} from ${articles} where ${articles.authorId} = ${scope.authorId})`,
      );
      if (ranked.length === 0) return [];
      const titles = await tx
        .select({ id: articles.id, title: articles.title, slug: articles.slug })
        .from(articles)
        .where(
          inArray(
            articles.id,
            ranked.map((row) => row.articleId),
          ),
        );
      const byId = new Map(titles.map((row) => [row.id, row]));
      return ranked.flatMap((row) => {
        const article = byId.get(row.articleId);
        return article ? [{ ...article, views: Number(row.views) }] : [];
      });
    },

    async topCategories(scope: AnalyticsScope, fromDay: string, limit: number, tx: Executor = db) {
      const views = sumOf(analyticsDailyRollups.views);
      return tx
        .select({
          id: categories.id,
          name: sql<string>`coalesce(${categories.name}, 'Uncategorized')`,
          views,
        })
        .from(analyticsDailyRollups)
        .leftJoin(categories, eq(categories.id, analyticsDailyRollups.categoryId))
        .where(
          and(
            gte(analyticsDailyRollups.day, fromDay),
            scope === "all" ? undefined : eq(analyticsDailyRollups.authorId, scope.authorId),
          ),
        )
        .groupBy(categories.id, categories.name)
        .having(sql`sum(${analyticsDailyRollups.views}) > 0`)
        .orderBy(desc(views))
        .limit(limit);
    },

    async topReferrers(scope: AnalyticsScope, fromDay: string, limit: number, tx: Executor = db) {
      const table = analyticsDailyReferrerRollups;
      const views = sumOf(table.views);
      return tx
        .select({ source: table.source, host: table.host, views })
        .from(table)
        .where(
          and(
            gte(table.day, fromDay),
            scope === "all" ? undefined : eq(table.authorId, scope.authorId),
          ),
        )
        .groupBy(table.source, table.host)
        .orderBy(desc(views), table.source, table.host)
        .limit(limit);
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
