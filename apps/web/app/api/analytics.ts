import type { AnalyticsOverview, ArticleAnalytics } from "@aurumwire/shared/analytics";
import { useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../lib/api-client";

/** Article analytics (GET /articles/{id}/analytics) and the dashboard home's overview. */

export const analyticsKeys = {
  article: (id: number) => ["analytics", "article", id] as const,
  overview: (userId: number | undefined) => ["analytics", "overview", userId ?? null] as const,
};

/** Spec point 7: a 404 gives null (unknown, or an article the caller may not see). */
export async function fetchArticleAnalytics(id: number): Promise<ArticleAnalytics | null> {
  try {
    return (await api.get<{ analytics: ArticleAnalytics }>(`/articles/${id}/analytics`)).analytics;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useArticleAnalytics(id: number | undefined) {
  return useQuery({
    queryKey: analyticsKeys.article(id ?? 0),
    queryFn: () => fetchArticleAnalytics(id ?? 0),
    enabled: id !== undefined,
  });
}

export function useAnalyticsOverview(userId: number | undefined) {
  return useQuery({
    queryKey: analyticsKeys.overview(userId),
    queryFn: () => api.get<AnalyticsOverview>("/analytics/overview"),
    enabled: userId !== undefined,
  });
}
