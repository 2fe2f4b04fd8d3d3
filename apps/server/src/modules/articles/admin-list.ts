import type { AdminArticleListResponse } from "@aurumwire/shared/article-editor";
import type { AdminArticleListQuery } from "@aurumwire/shared/article-review";
import { isEditor } from "@aurumwire/shared/roles";
import { pageOffset, pagination } from "../../lib/pagination";
import type { Actor } from "./editor-rules";
import { toArticle } from "./present";
import type { ArticlesRepository } from "./repository";
import type { ArticleReviewRepository } from "./review-repository";
import { presentReview, reviewListFilter } from "./review-service";

/**
 * Articles Management's list (spec point 2): every status, and the review filters and states of
 * decision 265. Authors see their own articles only: others' drafts are not theirs to read.
 */
export function createAdminArticleList(deps: {
  articlesRepository: ArticlesRepository;
  reviews: Pick<ArticleReviewRepository, "findMany">;
}) {
  return {
    async list(actor: Actor, query: AdminArticleListQuery): Promise<AdminArticleListResponse> {
      const { records, total } = await deps.articlesRepository.list({
        visibility: "any",
        ...reviewListFilter(query.status),
        categoryIds: query.categoryId ? [query.categoryId] : undefined,
        featured: query.featured === undefined ? undefined : query.featured === "true",
        authorId: isEditor(actor) ? query.authorId : actor.id,
        search: query.search || undefined,
        sortBy: query.sortBy ?? "createdAt",
        sortOrder: query.sortOrder ?? "desc",
        limit: query.limit,
        offset: query.offset ?? pageOffset(query),
      });
      const reviews = new Map(
        (await deps.reviews.findMany(records.map((record) => record.id))).map((record) => [
          record.row.articleId,
          presentReview(record),
        ]),
      );
      return {
        articles: records.map((record) => ({
          ...toArticle(record),
          review: reviews.get(record.id) ?? null,
        })),
        pagination: pagination(query, total, { atLeastOnePage: true }),
      };
    },
  };
}

export type AdminArticleList = ReturnType<typeof createAdminArticleList>;
