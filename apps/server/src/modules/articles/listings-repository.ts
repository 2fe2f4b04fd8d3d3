import { and, asc, desc, gt, inArray, isNotNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { publicArticleCondition } from "../../db/public-articles";
import { articles } from "../../db/schema";

/**
 * Thin listings of articles (ids, slugs, dates, texts) for the sitemaps, the scheduled
 * publication job and sentiment scoring: no category, author or presentation.
 */
export function createArticleListingsRepository(db: Executor) {
  return {
    /** Slugs and dates of every public article, newest first, for sitemaps. */
    async publicSitemapEntries(
      since?: Date,
      tx: Executor = db,
    ): Promise<
      Array<{
        slug: string;
        title: string;
        publishedAt: Date | null;
        updatedAt: Date;
      }>
    > {
      return tx
        .select({
          slug: articles.slug,
          title: articles.title,
          publishedAt: articles.publishedAt,
          updatedAt: articles.updatedAt,
        })
        .from(articles)
        .where(and(publicArticleCondition(), since ? gt(articles.publishedAt, since) : undefined))
        .orderBy(desc(articles.publishedAt));
    },

    /**
     * Published, active articles whose publication moment lies in (after, until]: the scheduled
     * ones whose time has come since the last look (jobs/scheduled-publication-job.ts).
     */
    async publishedBetween(
      after: Date,
      until: Date,
      tx: Executor = db,
    ): Promise<Array<{ id: number; publishedAt: Date | null }>> {
      return tx
        .select({ id: articles.id, publishedAt: articles.publishedAt })
        .from(articles)
        .where(and(publicArticleCondition(until), gt(articles.publishedAt, after)))
        .orderBy(asc(articles.publishedAt));
    },

    /** Every public article's id and last change (sentiment, decision 192: what to score again). */
    async publicArticleStamps(
      until: Date,
      tx: Executor = db,
    ): Promise<Array<{ id: number; updatedAt: Date }>> {
      return tx
        .select({ id: articles.id, updatedAt: articles.updatedAt })
        .from(articles)
        .where(publicArticleCondition(until));
    },

    /** Titles and links of public articles by id (the coin pages' lists, decision 192). */
    async publicHeadlinesByIds(ids: number[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return tx
        .select({
          id: articles.id,
          slug: articles.slug,
          title: articles.title,
          publishedAt: articles.publishedAt,
        })
        .from(articles)
        .where(and(inArray(articles.id, ids), publicArticleCondition(new Date())));
    },

    /** The texts sentiment scores (decision 192), for the given article ids. */
    async sentimentTexts(ids: number[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return tx
        .select({
          id: articles.id,
          title: articles.title,
          excerpt: articles.excerpt,
          content: articles.content,
          categoryId: articles.categoryId,
          publishedAt: articles.publishedAt,
          updatedAt: articles.updatedAt,
        })
        .from(articles)
        .where(inArray(articles.id, ids));
    },

    /** How many public articles each category holds directly (not counting subcategories). */
    async publicArticleCounts(tx: Executor = db): Promise<Map<number, number>> {
      const rows = await tx
        .select({ categoryId: articles.categoryId, count: sql<number>`count(*)::int` })
        .from(articles)
        .where(sql`${publicArticleCondition()} and ${isNotNull(articles.categoryId)}`)
        .groupBy(articles.categoryId);
      return new Map(rows.map((row) => [row.categoryId as number, row.count]));
    },
  };
}
