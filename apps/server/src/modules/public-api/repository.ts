import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { articles, articleViews } from "../../db/schema";

export interface ViewRange {
  /** Inclusive start of the first day, UTC. */
  start: Date;
  /** Exclusive end: the start of the day after the last one, UTC. */
  end: Date;
  articleId?: number;
}

/** Read queries of the public API that no other module owns: article views over time. */
export function createPublicContentRepository(db: Executor) {
  function viewConditions(range: ViewRange): SQL | undefined {
    const conditions = [
      gte(articleViews.viewedAt, range.start),
      lt(articleViews.viewedAt, range.end),
    ];
    if (range.articleId !== undefined) conditions.push(eq(articleViews.articleId, range.articleId));
    return and(...conditions);
  }

  return {
    async viewsPerDay(range: ViewRange, tx: Executor = db) {
      const day = sql<string>`to_char(${articleViews.viewedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      return tx
        .select({ date: day, views: count() })
        .from(articleViews)
        .where(viewConditions(range))
        .groupBy(day)
        .orderBy(asc(day));
    },

    async viewsPerArticle(range: ViewRange, limit: number, tx: Executor = db) {
      const views = count();
      return tx
        .select({ articleId: articles.id, slug: articles.slug, title: articles.title, views })
        .from(articleViews)
        .innerJoin(articles, eq(articles.id, articleViews.articleId))
        .where(viewConditions(range))
        .groupBy(articles.id)
        .orderBy(desc(views), asc(articles.id))
        .limit(limit);
    },
  };
}

export type PublicContentRepository = ReturnType<typeof createPublicContentRepository>;
