import type { ReviewState } from "@aurumwire/shared/article-review";
import type { ArticleStatus, PopularTimeframe } from "@aurumwire/shared/articles";
import {
  and,
  arrayContains,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Executor } from "../../db/client";
import { articleLikes, articles, articleViews, categories, users } from "../../db/schema";
import { type ArticleSearchLayer, anyWordQuery, buildArticleSearch } from "../search/search-query";
import type { ArticleRecord } from "./present";
import { reviewStateCondition } from "./review-repository";

/**
 * Who may see what:
 * - "public": published, active, and publishedAt has come (a future date schedules an article);
 * - "any": everything (admin, editor);
 * - { publicOrAuthor }: public articles plus every article of that author (an author's own drafts).
 */
export type ArticleVisibility = "public" | "any" | { publicOrAuthor: number };

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

// Lists never carry the body or the search vectors: they are the heavy columns.
const {
  content,
  searchVector: _searchVector,
  searchSummaryVector: _searchSummaryVector,
  ...summaryColumns
} = getTableColumns(articles);
const referenceColumns = {
  category: {
    id: categories.id,
    name: categories.name,
    slug: categories.slug,
    color: categories.color,
  },
  author: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    avatar: users.avatarUrl,
  },
};
const summarySelection = { ...summaryColumns, ...referenceColumns };
const fullSelection = { ...summarySelection, content };

export function publicCondition(): SQL {
  return and(
    eq(articles.status, "published"),
    eq(articles.isActive, true),
    lte(articles.publishedAt, sql`now()`),
  )!;
}

function visibilityCondition(visibility: ArticleVisibility): SQL | undefined {
  if (visibility === "any") return undefined;
  if (visibility === "public") return publicCondition();
  return or(publicCondition(), eq(articles.authorId, visibility.publicOrAuthor));
}

const timeframeIntervals: Record<PopularTimeframe, string> = {
  day: "1 day",
  week: "7 days",
  month: "30 days",
};

export function createArticlesRepository(db: Executor) {
  const selectSummaries = (tx: Executor, selection = summarySelection) =>
    tx
      .select(selection)
      .from(articles)
      .leftJoin(categories, eq(categories.id, articles.categoryId))
      .innerJoin(users, eq(users.id, articles.authorId));

  return {
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
        .where(and(publicCondition(), eq(articles.isFeatured, true)))
        .orderBy(desc(articles.publishedAt), desc(articles.id))
        .limit(limit);
    },

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
            publicCondition(),
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
        .where(publicCondition())
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
        sql`(select ${articles.id} from ${articles} where ${publicCondition()} and ${articles.id} <> ${source.id} and ${condition} order by ${articles.publishedAt} desc limit ${sql.raw(String(count))})`;
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

    /**
     * Counts a view once per article and session id. The primary key of article_views decides,
     * and the counter moves in the same statement, so concurrent calls cannot double count.
     */
    async recordView(
      articleId: number,
      sessionId: string,
      userId: number | null,
      tx: Executor = db,
    ): Promise<{ counted: boolean; viewCount: number }> {
      const result = (await tx.execute(sql`
        with inserted as (
          insert into article_views (article_id, session_id, user_id)
          values (${articleId}, ${sessionId}, ${userId})
          on conflict do nothing
          returning article_id
        )
        update articles set view_count = view_count + 1
        where id = ${articleId} and exists (select 1 from inserted)
        returning view_count`)) as unknown as { rows: Array<{ view_count: number }> };
      const [counted] = result.rows;
      if (counted) return { counted: true, viewCount: Number(counted.view_count) };
      const [row] = await tx
        .select({ viewCount: articles.viewCount })
        .from(articles)
        .where(eq(articles.id, articleId));
      return { counted: false, viewCount: row?.viewCount ?? 0 };
    },

    async viewCount(articleId: number, tx: Executor = db): Promise<number | undefined> {
      const [row] = await tx
        .select({ viewCount: articles.viewCount })
        .from(articles)
        .where(eq(articles.id, articleId));
      return row?.viewCount;
    },

    /** Likes or unlikes for this user; the stored count is recounted in the same transaction. */
    async toggleLike(
      articleId: number,
      userId: number,
      tx: Executor = db,
    ): Promise<{ liked: boolean; likeCount: number }> {
      return tx.transaction(async (inner) => {
        const inserted = await inner
          .insert(articleLikes)
          .values({ articleId, userId })
          .onConflictDoNothing()
          .returning({ articleId: articleLikes.articleId });
        const liked = inserted.length > 0;
        if (!liked) {
          await inner
            .delete(articleLikes)
            .where(and(eq(articleLikes.articleId, articleId), eq(articleLikes.userId, userId)));
        }
        const [row] = await inner
          .update(articles)
          .set({
            likeCount: sql`(select count(*)::int from ${articleLikes} where ${articleLikes.articleId} = ${articleId})`,
          })
          .where(eq(articles.id, articleId))
          .returning({ likeCount: articles.likeCount });
        return { liked, likeCount: row?.likeCount ?? 0 };
      });
    },

    async hasLiked(articleId: number, userId: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ articleId: articleLikes.articleId })
        .from(articleLikes)
        .where(and(eq(articleLikes.articleId, articleId), eq(articleLikes.userId, userId)))
        .limit(1);
      return !!row;
    },

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
        .where(and(publicCondition(), since ? gt(articles.publishedAt, since) : undefined))
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
        .where(
          and(
            eq(articles.status, "published"),
            eq(articles.isActive, true),
            gt(articles.publishedAt, after),
            lte(articles.publishedAt, until),
          ),
        )
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
        .where(
          and(
            eq(articles.status, "published"),
            eq(articles.isActive, true),
            lte(articles.publishedAt, until),
          ),
        );
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
        .where(
          and(
            inArray(articles.id, ids),
            eq(articles.status, "published"),
            eq(articles.isActive, true),
            lte(articles.publishedAt, new Date()),
          ),
        );
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

    /** The latest public articles with their bodies (feeds). */
    async latestWithContent(
      limit: number,
      categoryIds: number[] | undefined,
      tx: Executor = db,
    ): Promise<ArticleRecord[]> {
      return selectSummaries(tx, fullSelection)
        .where(
          and(
            publicCondition(),
            categoryIds ? inArray(articles.categoryId, categoryIds) : undefined,
          ),
        )
        .orderBy(desc(articles.publishedAt), desc(articles.id))
        .limit(limit);
    },
  };
}

export type ArticlesRepository = ReturnType<typeof createArticlesRepository>;
