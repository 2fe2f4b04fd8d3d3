import { and, desc, eq, gte, inArray, isNull, lt, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { articles, type NewNewsItemRow, type NewsItemRow, newsItems } from "../../db/schema";

/**
 * The news feed's queries: its own feed items, and the slugs of the articles they became. The
 * articles, categories and bylines are written by their owners (articles, categories, users).
 */
export function createBreakingNewsRepository(db: Executor) {
  async function lockItem(which: SQL, tx: Executor): Promise<NewsItemRow | undefined> {
    const [row] = await tx.select().from(newsItems).where(which).limit(1).for("update");
    return row;
  }

  return {
    /** The items not stored yet (by dedupe key) are stored; returns those, as stored. */
    async insertNewItems(items: NewNewsItemRow[], tx: Executor = db) {
      if (items.length === 0) return [];
      return tx.insert(newsItems).values(items).onConflictDoNothing().returning({
        id: newsItems.id,
        title: newsItems.title,
        source: newsItems.source,
        tags: newsItems.tags,
        publishedAt: newsItems.publishedAt,
      });
    },

    /** Feed items since `since` with their text, for sentiment (decision 192). */
    async itemsForSentiment(since: Date, tx: Executor = db) {
      return tx
        .select({
          id: newsItems.id,
          title: newsItems.title,
          summary: newsItems.summary,
          publishedAt: newsItems.publishedAt,
          fetchedAt: newsItems.fetchedAt,
        })
        .from(newsItems)
        .where(and(eq(newsItems.isFallback, false), gte(newsItems.publishedAt, since)));
    },

    /** Feed items by id with their link (the coin pages' lists, decision 192). */
    async itemsByIds(ids: number[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return tx
        .select({
          id: newsItems.id,
          title: newsItems.title,
          link: newsItems.link,
          source: newsItems.source,
          publishedAt: newsItems.publishedAt,
          articleSlug: articles.slug,
        })
        .from(newsItems)
        .leftJoin(articles, eq(articles.id, newsItems.articleId))
        .where(inArray(newsItems.id, ids));
    },

    /** The latest feed items with the slug of their article, newest first. */
    async latestFeedItems(limit: number, tx: Executor = db) {
      return tx
        .select({
          id: newsItems.id,
          title: newsItems.title,
          source: newsItems.source,
          tags: newsItems.tags,
          articleSlug: articles.slug,
        })
        .from(newsItems)
        .leftJoin(articles, eq(articles.id, newsItems.articleId))
        .where(eq(newsItems.isFallback, false))
        .orderBy(desc(newsItems.publishedAt), desc(newsItems.id))
        .limit(limit);
    },

    /** Article slugs of the built-in headlines that already have one, by dedupe key. */
    async fallbackArticleSlugs(keys: string[], tx: Executor = db): Promise<Map<string, string>> {
      if (keys.length === 0) return new Map();
      const rows = await tx
        .select({ key: newsItems.dedupeKey, slug: articles.slug })
        .from(newsItems)
        .innerJoin(articles, eq(articles.id, newsItems.articleId))
        .where(inArray(newsItems.dedupeKey, keys));
      return new Map(rows.map((row) => [row.key, row.slug]));
    },

    async insertFallbackItem(values: NewNewsItemRow, tx: Executor = db): Promise<void> {
      await tx.insert(newsItems).values(values).onConflictDoNothing();
    },

    /** Reads an item and locks it until the transaction ends, so one caller makes its article. */
    lockItemById(id: number, tx: Executor): Promise<NewsItemRow | undefined> {
      return lockItem(eq(newsItems.id, id), tx);
    },

    lockItemByDedupeKey(key: string, tx: Executor): Promise<NewsItemRow | undefined> {
      return lockItem(eq(newsItems.dedupeKey, key), tx);
    },

    async articleSlug(articleId: number, tx: Executor = db): Promise<string | undefined> {
      const [row] = await tx
        .select({ slug: articles.slug })
        .from(articles)
        .where(eq(articles.id, articleId))
        .limit(1);
      return row?.slug;
    },

    async linkItemToArticle(itemId: number, articleId: number, tx: Executor = db): Promise<void> {
      await tx.update(newsItems).set({ articleId }).where(eq(newsItems.id, itemId));
    },

    /** Forgets old feed items that never became an article. */
    async pruneFeedItems(olderThan: Date, tx: Executor = db): Promise<number> {
      const removed = await tx
        .delete(newsItems)
        .where(
          and(
            eq(newsItems.isFallback, false),
            isNull(newsItems.articleId),
            lt(newsItems.fetchedAt, olderThan),
          ),
        )
        .returning({ id: newsItems.id });
      return removed.length;
    },
  };
}

export type BreakingNewsRepository = ReturnType<typeof createBreakingNewsRepository>;
