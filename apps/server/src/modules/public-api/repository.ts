import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { articles, articleViews, categories } from "../../db/schema";

export interface ViewRange {
  /** Inclusive start of the first day, UTC. */
  start: Date;
  /** Exclusive end: the start of the day after the last one, UTC. */
  end: Date;
  articleId?: number;
}

/** Read queries of the public API that no other module owns: views over time and categories. */
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

    /** Active categories with the number of articles readers can see in each. */
    async listActiveCategories(tx: Executor = db) {
      // Spelled out: in a select list Drizzle drops table names, and a bare "id" would bind to
      // the subquery's own table.
      const outerCategoryId = sql`${sql.identifier("categories")}.${sql.identifier("id")}`;
      const visibleArticles = sql<number>`(select count(*)::int from ${articles} a where a.category_id = ${outerCategoryId} and a.status = 'published' and a.is_active and a.published_at <= now())`;
      return tx
        .select({
          id: categories.id,
          name: categories.name,
          slug: categories.slug,
          color: categories.color,
          description: categories.description,
          parentId: categories.parentId,
          articleCount: visibleArticles,
        })
        .from(categories)
        .where(eq(categories.isActive, true))
        .orderBy(asc(categories.sortOrder), asc(categories.name));
    },
  };
}

export type PublicContentRepository = ReturnType<typeof createPublicContentRepository>;
