import type {
  ArticleReview,
  ArticleReviewResponse,
  ReviewCounts,
} from "@aurumwire/shared/article-review";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../lib/api-client";
import { articleKeys } from "./admin-articles";

/** Review before publishing (decision 265): an article's review, submit, return, the count. */

export const reviewKeys = {
  detail: (id: number) => ["admin-articles", "review", id] as const,
  counts: ["admin-articles", "review-counts"] as const,
};

export function useArticleReview(id: number | undefined) {
  return useQuery({
    queryKey: reviewKeys.detail(id ?? 0),
    queryFn: async () =>
      (await api.get<ArticleReviewResponse>(`/admin/articles/${id}/review`)).review,
    enabled: id !== undefined,
    staleTime: 0,
  });
}

export function useReviewCounts() {
  return useQuery({
    queryKey: reviewKeys.counts,
    queryFn: () => api.get<ReviewCounts>("/admin/articles/review-counts"),
  });
}

/** Submit for review, or (editors) return with a note; the list, counts and bell follow. */
export function useReviewAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      action: { kind: "submit"; id: number } | { kind: "return"; id: number; note: string },
    ): Promise<ArticleReview> => {
      const answer =
        action.kind === "submit"
          ? await api.post<{ review: ArticleReview }>(`/articles/${action.id}/submit-for-review`)
          : await api.post<{ review: ArticleReview }>(`/articles/${action.id}/return`, {
              note: action.note,
            });
      return answer.review;
    },
    onSuccess: (review, action) => {
      queryClient.setQueryData(reviewKeys.detail(action.id), review);
      void queryClient.invalidateQueries({ queryKey: ["notifications"] });
      return queryClient.invalidateQueries({ queryKey: articleKeys.all });
    },
  });
}
