import type { PopularTimeframe } from "@aurumwire/shared/articles";
import { and, desc, eq, gt, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { publicArticleCondition } from "../../db/public-articles";
import { articles, articleViews, categories, users } from "../../db/schema";
import type { ArticleRecord } from "./present";
import { anyWordQuery } from "./search-repository";
import { selectSummaries, summarySelection } from "./selection-repository";

const timeframeIntervals: Record<PopularTimeframe, string> = {
  day: "1 day",
  week: "7 days",
  month: "30 days",
};

/** Articles ordered by what readers do: trending, most viewed, related to one article. */
export function createArticleRankingsRepository(db: Executor) {
  return {
    /**
     * Recent views with time decay: every view of the last 7 days counts 0.5^(age in days), so a
     * view today weighs twice one from yesterday. A small prior from the all-time view count,
     * halving every 3 days of the article's age, orders articles nobody has read this week.
     */
    async trending(limit: number, tx: Executor = db): Promise<ArticleRecord[]> {
      const recent = tx
        .select({
          articleId: articleViews.articleId,
          score:
            sql<number>`sum(power(0.5, extract(epoch from (now() - ${articleViews.viewedAt})) / 86400.0))`.as(
              "score",
            ),
        })
        .from(articleViews)
        .where(gt(articleViews.viewedAt, sql`now() - interval '7 days'`))
        .groupBy(articleViews.articleId)
        .as("recent");
      const prior = sql`${articles.viewCount}::float8 * 0.1 * power(0.5, extract(epoch from (now() - ${articles.publishedAt})) / 259200.0)`;
      // Candidates: read this week, or published in the last 30 days (older unread ones score ~0).
      return selectSummaries(tx)
        .leftJoin(recent, eq(recent.articleId, articles.id))
        .where(
          and(
            publicArticleCondition(),
            or(
              sql`${recent.articleId} is not null`,
              gt(articles.publishedAt, sql`now() - interval '30 days'`),
            ),
          ),
        )
        .orderBy(sql`coalesce(${recent.score}, 0) + ${prior} desc`, desc(articles.publishedAt))
        .limit(limit);
    },

    /** Most viewed within the timeframe; ties by all-time views, then newest. */
    async popular(
      limit: number,
      timeframe: PopularTimeframe,
      tx: Executor = db,
    ): Promise<ArticleRecord[]> {
      const windowViews = tx
        .select({
          articleId: articleViews.articleId,
          views: sql<number>`count(*)::int`.as("views"),
        })
        .from(articleViews)
        .where(
          gt(
            articleViews.viewedAt,
            sql`now() - ${sql.raw(`interval '${timeframeIntervals[timeframe]}'`)}`,
          ),
        )
        .groupBy(articleViews.articleId)
        .as("window_views");
      // Only articles read within the timeframe; the service fills a short list with the latest.
      return selectSummaries(tx)
        .innerJoin(windowViews, eq(windowViews.articleId, articles.id))
        .where(publicArticleCondition())
        .orderBy(desc(windowViews.views), desc(articles.viewCount), desc(articles.publishedAt))
        .limit(limit);
    },

    /**
     * Public articles related to one article, scored from shared tags (3 each), the same category
     * (2) and how much of the source title's vocabulary they share (ts_rank x 4). Only the newest
     * 200 sharing a tag, 100 of the category and 100 sharing words are scored, so the cost stays
     * flat as the archive grows.
     */
    async related(
      source: { id: number; title: string },
      limit: number,
      tx: Executor = db,
    ): Promise<
      Array<ArticleRecord & { sharedTags: string[]; sameCategory: boolean; textScore: number }>
    > {
      const sourceTags = sql`(select s.tags from articles s where s.id = ${source.id})`;
      const sourceCategory = sql`(select s.category_id from articles s where s.id = ${source.id})`;
      const words = anyWordQuery(source.title);
      const newestWhere = (condition: SQL, count: number) =>
        sql`(select ${articles.id} from ${articles} where ${publicArticleCondition()} and ${articles.id} <> ${source.id} and ${condition} order by ${articles.publishedAt} desc limit ${sql.raw(String(count))})`;
      const candidates = sql.join(
        [
          newestWhere(sql`${articles.tags} && ${sourceTags}`, 200),
          newestWhere(sql`${articles.categoryId} = ${sourceCategory}`, 100),
          ...(words ? [newestWhere(sql`${articles.searchVector} @@ ${words}`, 100)] : []),
        ],
        sql` union `,
      );
      const textScore = words
        ? sql<number>`ts_rank(${articles.searchSummaryVector}, ${words})`
        : sql<number>`0::real`;
      const sharedTags = sql<
        string[]
      >`array(select unnest(${articles.tags}) intersect select unnest(${sourceTags}) order by 1)`;
      const sameCategory = sql<boolean>`coalesce(${articles.categoryId} = ${sourceCategory}, false)`;
      const rows = await tx
        .select({ ...summarySelection, sharedTags, sameCategory, textScore })
        .from(articles)
        .leftJoin(categories, eq(categories.id, articles.categoryId))
        .innerJoin(users, eq(users.id, articles.authorId))
        .where(sql`${articles.id} in (${candidates})`)
        .orderBy(
          sql`cardinality(${sharedTags}) * 3 + (case when ${sameCategory} then 2 else 0 end) + ${textScore} * 4 desc`,
          desc(articles.publishedAt),
        )
        .limit(limit);
      return rows.map((row) => ({ ...row, textScore: Number(row.textScore) }));
    },
  };
}
