import type { ViewSource } from "@aurumwire/shared/analytics";
import type {
  Article,
  ArticleListQuery,
  ArticleListResponse,
  PopularTimeframe,
  RelatedArticlesResponse,
} from "@aurumwire/shared/articles";
import { intervals } from "@aurumwire/shared/limits";
import { isEditor, isStaff } from "@aurumwire/shared/roles";
import type { UserRow } from "../../db/schema";
import { forbidden, notFound, unauthorized } from "../../errors";
import type { PageCache } from "../../lib/page-cache/store";
import { anyContentTag } from "../../lib/page-cache/store";
import { pageOffset, pagination } from "../../lib/pagination";
import {
  articleBodyText,
  articleHighlight,
  createSearchHighlighter,
  needsBodyText,
} from "../../lib/search-highlight";
import type { CategoriesService } from "../categories/service";
import { articleListsTag, articleListTags, articleTag, searchResultsTag } from "./cache-tags";
import { type ArticleRecord, toArticle } from "./present";
import type { ArticleListFilters, ArticlesRepository } from "./repository";
import type { ArticleVisibility } from "./selection-repository";
import type { ViewRequest, ViewVisitors } from "./view-visitors";

/** A view the server counted, with what the page said about where the reader came from. */
export interface CountedView {
  articleId: number;
  source: ViewSource | undefined;
  requestHost: string | undefined;
}

/**
 * Told about every counted view (analytics); may answer with a token the page sends its reading
 * events with.
 */
export interface ViewListener {
  onViewCounted: (view: CountedView) => string | undefined;
}

/** Who is asking: the signed-in user, or null for anonymous readers. */
export type Viewer = Pick<UserRow, "id" | "role"> | null;

export const relatedAlgorithm = "shared-tags+category+text-rank/v1";

/** List orders an edit of an article's words cannot change (publishing moves it: that drops lists). */
const orderKeptByEdits = new Set(["publishedAt", "createdAt"]);

/**
 * What a viewer may see. Readers (anonymous or signed in) see public articles only. Admins and
 * editors see every article, authors public ones plus their own; but only when they ask for it
 * with `status`, so a signed-in editor browsing the public site sees what readers see.
 */
function visibilityFor(viewer: Viewer, asksForStatus: boolean): ArticleVisibility {
  if (!asksForStatus || !viewer || !isStaff(viewer)) return "public";
  if (isEditor(viewer)) return "any";
  return { publicOrAuthor: viewer.id };
}

/** Same as above for one article: staff may open their drafts by slug or id. */
function singleVisibility(viewer: Viewer): ArticleVisibility {
  if (!viewer || !isStaff(viewer)) return "public";
  if (isEditor(viewer)) return "any";
  return { publicOrAuthor: viewer.id };
}

export function createArticlesService(deps: {
  repository: ArticlesRepository;
  categories: CategoriesService;
  cache: PageCache;
  viewVisitors: ViewVisitors;
  /** Whether a signed-in account may like (decision 124: a confirmed e-mail when mail works). */
  mayLike?: (viewer: Pick<UserRow, "role" | "emailVerified">) => boolean;
}) {
  const { repository, categories, cache, viewVisitors } = deps;
  let viewListener: ViewListener | null = null;

  /** A ranked list, filled up with the latest public articles when too few qualify. */
  async function withLatest(records: ArticleRecord[], limit: number): Promise<Article[]> {
    const articles = records.map((record) => toArticle(record));
    if (articles.length >= limit) return articles;
    const seen = new Set(articles.map((article) => article.id));
    const { records: latest } = await repository.list({
      visibility: "public",
      limit: limit + articles.length,
      offset: 0,
    });
    for (const record of latest) {
      if (articles.length >= limit) break;
      if (!seen.has(record.id)) articles.push(toArticle(record));
    }
    return articles;
  }

  /**
   * Search results with their snippets. Computed for this page only: from title and excerpt,
   * and from the body only for the results that match nowhere else, read in one query by id.
   */
  async function withHighlights(records: ArticleRecord[], search: string): Promise<Article[]> {
    const highlighter = createSearchHighlighter(search);
    const bodyIds = records
      .filter((record) => needsBodyText(highlighter, record))
      .map((record) => record.id);
    const bodies = await repository.contentByIds(bodyIds);
    return records.map((record) => {
      const body = bodies.get(record.id);
      const bodyText = body === undefined ? undefined : articleBodyText(body);
      return toArticle(record, { highlight: articleHighlight(highlighter, record, bodyText) });
    });
  }

  /** The Article of each record read, while the record lives (the cache holds public ones). */
  const presented = new WeakMap<ArticleRecord, Article>();

  async function findVisible(slugOrId: string | number, viewer: Viewer): Promise<ArticleRecord> {
    const visibility = singleVisibility(viewer);
    const load = () => repository.findBySlugOrId(slugOrId, visibility);
    const record =
      visibility === "public"
        ? await cache.memo(`article:${slugOrId}`, load, (found) =>
            // Not found (yet): a newly published article may take this slug.
            found ? [articleTag(found.id)] : [articleListsTag],
          )
        : await load();
    if (!record) throw notFound("Article not found", "article_not_found");
    return record;
  }

  return {
    /** Set once at boot: analytics is built from this service, so it is handed in afterwards. */
    setViewListener(listener: ViewListener) {
      viewListener = listener;
    },

    /** GET /api/articles: filters, visibility, search and pagination. */
    async list(query: ArticleListQuery, viewer: Viewer = null): Promise<ArticleListResponse> {
      const status = query.status === "all" ? undefined : query.status;
      const visibility = visibilityFor(viewer, query.status !== undefined);
      const includeInactive = visibility !== "public";
      let categoryIds: number[] | undefined;
      if (query.categorySlug) {
        const slugs = query.categorySlug
          .split(",")
          .map((slug) => slug.trim())
          .filter(Boolean)
          .slice(0, 10);
        categoryIds = await categories.idsForSlugs(slugs, { includeInactive });
        // An unknown category has no articles, rather than being silently ignored.
        if (categoryIds.length === 0) categoryIds = [-1];
      }
      if (query.categoryId) {
        const ids = await categories.idsForCategory(query.categoryId, { includeInactive });
        categoryIds = categoryIds ? categoryIds.filter((id) => ids.includes(id)) : ids;
        if (categoryIds.length === 0) categoryIds = [-1];
      }
      const offset = query.offset ?? pageOffset(query);
      const filters: ArticleListFilters = {
        visibility,
        status,
        categoryIds,
        tag: query.tag?.toLowerCase(),
        featured: query.featured === undefined ? undefined : query.featured === "true",
        premium: query.premium === undefined ? undefined : query.premium === "true",
        authorId: query.authorId,
        search: query.search || undefined,
        sortBy: query.sortBy,
        sortOrder: query.sortOrder,
        limit: query.limit,
        offset,
      };
      const load = async () => {
        const { records, total } = await repository.list(filters);
        return {
          articles: filters.search
            ? await withHighlights(records, filters.search)
            : records.map((record) => toArticle(record)),
          pagination: pagination(
            { page: Math.floor(offset / query.limit) + 1, limit: query.limit },
            total,
          ),
        };
      };
      if (visibility !== "public") return load();
      return cache.memo(`list:${JSON.stringify(filters)}`, load, (result) => {
        const tags = articleListTags(result.articles);
        if (filters.search) tags.push(searchResultsTag);
        // An order or filter that an edit of any article can change (its title, tags, last update).
        if (filters.tag || (filters.sortBy && !orderKeptByEdits.has(filters.sortBy))) {
          tags.push(anyContentTag);
        }
        return tags;
      });
    },

    /** One article with its body, by slug or id. */
    async get(slugOrId: string | number, viewer: Viewer = null): Promise<Article> {
      const record = await findVisible(slugOrId, viewer);
      // A cached record gives the same Article every time (its JSON is then made once).
      let article = presented.get(record);
      if (!article) {
        article = toArticle(record);
        presented.set(record, article);
      }
      return article;
    },

    async trending(limit: number): Promise<Article[]> {
      return cache.memo(
        `trending:${limit}`,
        async () => withLatest(await repository.trending(limit), limit),
        articleListTags,
      );
    },

    async featured(limit: number): Promise<Article[]> {
      return cache.memo(
        `featured:${limit}`,
        async () => (await repository.featured(limit)).map((record) => toArticle(record)),
        articleListTags,
      );
    },

    async popular(limit: number, timeframe: PopularTimeframe): Promise<Article[]> {
      return cache.memo(
        `popular:${timeframe}:${limit}`,
        async () => withLatest(await repository.popular(limit, timeframe), limit),
        articleListTags,
      );
    },

    /**
     * Related public articles with relevanceScore (0..1) and a matchReason a reader understands.
     * When too few share anything, the latest articles fill the list.
     */
    async related(
      slugOrId: string | number,
      limit: number,
      viewer: Viewer = null,
    ): Promise<RelatedArticlesResponse> {
      let sourceId: number | undefined;
      const compute = async () => {
        const source = await findVisible(slugOrId, viewer);
        sourceId = source.id;
        const rows = await repository.related({ id: source.id, title: source.title }, limit);
        const sourceTagCount = Math.max(1, source.tags.length);
        const related: Article[] = rows.map((row) => {
          const tagShare = Math.min(1, row.sharedTags.length / sourceTagCount);
          const score =
            0.55 * tagShare + (row.sameCategory ? 0.25 : 0) + 0.2 * Math.min(1, row.textScore * 10);
          const reasons: string[] = [];
          if (row.sharedTags.length) reasons.push(`Shared tags: ${row.sharedTags.join(", ")}`);
          if (row.sameCategory && source.category)
            reasons.push(`Same category: ${source.category.name}`);
          if (row.textScore > 0) reasons.push("Similar topic");
          return toArticle(row, {
            relevanceScore: Math.round(score * 1000) / 1000,
            matchReason: reasons.join("; ") || "Similar topic",
          });
        });
        if (related.length < limit) {
          const seen = new Set([source.id, ...related.map((article) => article.id)]);
          const { records } = await repository.list({
            visibility: "public",
            limit: limit + seen.size,
            offset: 0,
          });
          for (const record of records) {
            if (related.length >= limit) break;
            if (seen.has(record.id)) continue;
            related.push(toArticle(record, { relevanceScore: 0, matchReason: "Latest news" }));
          }
        }
        return {
          articles: related,
          algorithm: relatedAlgorithm,
          computed_at: new Date().toISOString(),
        };
      };
      // Readers share one answer per article for the spec's 5 minutes; staff (who may ask about a
      // draft) get theirs fresh.
      if (singleVisibility(viewer) !== "public") return compute();
      // Tagged with the articles it shows, not with the lists: a newly published article joins
      // related lists within their 5 minutes, while the article pages stay cached (decision 081).
      return cache.memoFor(
        `related:${slugOrId}:${limit}`,
        intervals.relatedCacheMs,
        compute,
        (result) =>
          [sourceId, ...result.articles.map((article) => article.id)]
            .filter((id) => id !== undefined)
            .map((id) => articleTag(id)),
      );
    },

    /**
     * Counts a view once per article and visitor as the server sees them (view-visitors.ts); only
     * public articles are counted. `setCookie` is the visitor cookie for the route to send.
     */
    async recordView(
      slugOrId: string | number,
      request: Omit<ViewRequest, "userId"> & { source?: ViewSource; host?: string },
      viewer: Viewer = null,
    ) {
      const article = await findVisible(slugOrId, null);
      const visitor = await viewVisitors.identify({ ...request, userId: viewer?.id ?? null });
      if (!visitor.counted) {
        const viewCount = (await repository.viewCount(article.id)) ?? article.viewCount;
        return { success: true, counted: false, viewCount, setCookie: visitor.setCookie };
      }
      const result = await repository.recordView(article.id, visitor.key, viewer?.id ?? null);
      const viewToken = result.counted
        ? viewListener?.onViewCounted({
            articleId: article.id,
            source: request.source,
            requestHost: request.host,
          })
        : undefined;
      return {
        success: true,
        ...result,
        ...(viewToken ? { viewToken } : {}),
        setCookie: visitor.setCookie,
      };
    },

    /** Like or unlike, once per user. */
    async toggleLike(slugOrId: string | number, viewer: Viewer) {
      if (!viewer) throw unauthorized("Please log in to like articles.");
      if ("emailVerified" in viewer && deps.mayLike && !deps.mayLike(viewer as UserRow)) {
        throw forbidden(
          "Please confirm your e-mail address before liking articles: open the link we sent when you signed up, or ask for a new one in Profile Settings.",
          "email_not_verified",
        );
      }
      const article = await findVisible(slugOrId, viewer);
      return repository.toggleLike(article.id, viewer.id);
    },

    async likeState(slugOrId: string | number, viewer: Viewer) {
      // Read fresh: the cached copy of the article may predate the last like.
      const article = await repository.findBySlugOrId(slugOrId, singleVisibility(viewer));
      if (!article) throw notFound("Article not found", "article_not_found");
      const liked = viewer ? await repository.hasLiked(article.id, viewer.id) : false;
      return { liked, likeCount: article.likeCount };
    },
  };
}

export type ArticlesService = ReturnType<typeof createArticlesService>;
