import type { ReviewState } from "@aurumwire/shared/article-review";
import type { ArticleStatus } from "@aurumwire/shared/articles";
import { and, arrayContains, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { publicArticleCondition } from "../../db/public-articles";
import { articles, categories, users } from "../../db/schema";
import { createArticleListingsRepository } from "./listings-repository";
import type { ArticleRecord } from "./present";
import { createArticleRankingsRepository } from "./rankings-repository";
import { createArticleReaderActionsRepository } from "./reader-actions-repository";
import { reviewStateCondition } from "./review-repository";
import { type ArticleSearchLayer, buildArticleSearch } from "./search-repository";
import {
  type ArticleVisibility,
  fullSelection,
  selectSummaries,
  summarySelection,
  visibilityCondition,
} from "./selection-repository";

export const articleSortColumns = {
  publishedAt: articles.publishedAt,
  createdAt: articles.createdAt,
  updatedAt: articles.updatedAt,
  title: articles.title,
  viewCount: articles.viewCount,
  likeCount: articles.likeCount,
} as const;

export interface ArticleListFilters {
  visibility: ArticleVisibility;
  status?: ArticleStatus;
  categoryIds?: number[];
  tag?: string;
  featured?: boolean;
  premium?: boolean;
  authorId?: number;
  /** In the Review queue, or returned with a note (decision 265). */
  reviewState?: ReviewState;
  search?: string;
  sortBy?: keyof typeof articleSortColumns;
  sortOrder?: "asc" | "desc";
  limit: number;
  offset: number;
}

/**
 * The articles' reads: pages of a list (filters, search, order), one article, the featured and
 * the latest ones; with the rankings, readers' actions and thin listings of the files beside it.
 */
export function createArticlesRepository(db: Executor) {
  return {
    ...createArticleRankingsRepository(db),
    ...createArticleReaderActionsRepository(db),
    ...createArticleListingsRepository(db),

    /** One page of articles and the total that match. */
    async list(
      filters: ArticleListFilters,
      tx: Executor = db,
    ): Promise<{ records: ArticleRecord[]; total: number }> {
      const search = filters.search ? buildArticleSearch(filters.search) : null;
      // A search term that has no searchable word at all matches nothing.
      if (filters.search && !search) return { records: [], total: 0 };
      const filterConditions = [
        visibilityCondition(filters.visibility),
        filters.status ? eq(articles.status, filters.status) : undefined,
        filters.categoryIds ? inArray(articles.categoryId, filters.categoryIds) : undefined,
        filters.tag ? arrayContains(articles.tags, [filters.tag]) : undefined,
        filters.featured !== undefined ? eq(articles.isFeatured, filters.featured) : undefined,
        filters.premium !== undefined ? eq(articles.isPremium, filters.premium) : undefined,
        filters.authorId ? eq(articles.authorId, filters.authorId) : undefined,
        filters.reviewState ? reviewStateCondition(filters.reviewState) : undefined,
      ].filter((condition): condition is SQL => condition !== undefined);

      const direction = filters.sortOrder === "asc" ? asc : desc;
      const orderFor = (layer: ArticleSearchLayer | null): SQL[] => {
        const order: SQL[] = [];
        if (filters.sortBy) {
          const column = articleSortColumns[filters.sortBy];
          order.push(
            filters.sortBy === "publishedAt"
              ? sql`${column} ${sql.raw(filters.sortOrder === "asc" ? "asc" : "desc")} nulls last`
              : direction(column),
          );
        } else if (layer) {
          order.push(desc(layer.rank));
        }
        if (filters.sortBy !== "publishedAt") {
          // Public articles always have a date; plain DESC lets the public-list index give the order.
          order.push(
            filters.visibility === "public"
              ? desc(articles.publishedAt)
              : sql`${articles.publishedAt} desc nulls last`,
          );
        }
        order.push(direction(articles.id));
        return order;
      };
      const whereFor = (layer: ArticleSearchLayer | null) => {
        const conditions = layer ? [...filterConditions, layer.match] : filterConditions;
        return conditions.length ? and(...conditions) : undefined;
      };

      const searchPage = async (executor: Executor, layer: ArticleSearchLayer) => {
        // A ranked search sorts every match anyway: the window count comes from that same scan,
        // saving a second index scan and query (decision 039).
        const rows = await executor
          .select({
            ...summarySelection,
            matchCount: sql<number>`count(*) over ()`.mapWith(Number),
          })
          .from(articles)
          .leftJoin(categories, eq(categories.id, articles.categoryId))
          .innerJoin(users, eq(users.id, articles.authorId))
          .where(whereFor(layer))
          .orderBy(...orderFor(layer))
          .limit(filters.limit)
          .offset(filters.offset);
        const records = rows.map(({ matchCount: _count, ...record }) => record);
        return { records, total: rows[0]?.matchCount ?? 0 };
      };

      const plainPage = async (executor: Executor, layer: ArticleSearchLayer | null) => {
        const where = whereFor(layer);
        const records = await selectSummaries(executor)
          .where(where)
          .orderBy(...orderFor(layer))
          .limit(filters.limit)
          .offset(filters.offset);
        // The total is needed only when this page is full or starts past the first row.
        let total = filters.offset + records.length;
        if (records.length === filters.limit || (records.length === 0 && filters.offset > 0)) {
          const [row] = await executor
            .select({ value: sql<number>`count(*)::int` })
            .from(articles)
            .where(where);
          total = row?.value ?? 0;
        }
        return { records, total };
      };

      if (!search) return plainPage(tx, null);
      // Searches go through the GIN and trigram indexes. Left alone, the planner scans the table
      // for common words, not knowing that testing a row means reading its body's vector out of
      // TOAST: on 10,000 articles that is ~200 ms instead of a few.
      return tx.transaction(async (inner) => {
        await inner.execute(sql`set local enable_seqscan = off`);
        const run = async (layer: ArticleSearchLayer) => {
          const page = await searchPage(inner, layer);
          // A page past the last match still needs the total.
          return page.records.length > 0 || filters.offset === 0 ? page : plainPage(inner, layer);
        };
        const found = await run(search);
        if (found.total > 0 || found.records.length > 0 || !search.fallback) return found;
        // Nothing under those words: titles that look like them, for typos ("etherum").
        return run(search.fallback);
      });
    },

    /**
     * The bodies of a few articles by id, for search snippets of results that match only in the
     * body: one query for a page of results, never for every match (decision 064).
     */
    async contentByIds(ids: number[], tx: Executor = db): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await tx
        .select({ id: articles.id, content: articles.content })
        .from(articles)
        .where(inArray(articles.id, ids));
      return new Map(rows.map((row) => [row.id, row.content]));
    },

    /** An article by slug, or by id when the value is all digits; with its body. */
    async findBySlugOrId(
      slugOrId: string | number,
      visibility: ArticleVisibility,
      tx: Executor = db,
    ): Promise<ArticleRecord | undefined> {
      const key =
        typeof slugOrId === "number" || /^\d{1,9}$/.test(slugOrId)
          ? eq(articles.id, Number(slugOrId))
          : eq(articles.slug, slugOrId);
      const [record] = await selectSummaries(tx, fullSelection)
        .where(and(key, visibilityCondition(visibility)))
        .limit(1);
      return record;
    },

    async featured(limit: number, tx: Executor = db): Promise<ArticleRecord[]> {
      return selectSummaries(tx)
        .where(and(publicArticleCondition(), eq(articles.isFeatured, true)))
        .orderBy(desc(articles.publishedAt), desc(articles.id))
        .limit(limit);
    },

    /** The latest public articles with their bodies (feeds). */
    async latestWithContent(
      limit: number,
      categoryIds: number[] | undefined,
      tx: Executor = db,
    ): Promise<ArticleRecord[]> {
      return selectSummaries(tx, fullSelection)
        .where(
          and(
            publicArticleCondition(),
            categoryIds ? inArray(articles.categoryId, categoryIds) : undefined,
          ),
        )
        .orderBy(desc(articles.publishedAt), desc(articles.id))
        .limit(limit);
    },
  };
}

export type ArticlesRepository = ReturnType<typeof createArticlesRepository>;
