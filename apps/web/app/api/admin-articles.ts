import type {
  AdminArticleListResponse,
  ArticlePreviewResponse,
  ArticleResponse,
  ArticleStats,
  RevisionDetail,
  RevisionSummary,
} from "@aurumwire/shared/article-editor";
import type { AdminStatusFilter } from "@aurumwire/shared/article-review";
import type { Article, ArticleInput } from "@aurumwire/shared/articles";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { api } from "../lib/api-client";

/** The newsroom's article calls (list, stats, one article for editing, writes, revisions). */

export type AdminArticleQuery = {
  page: number;
  limit: number;
  search?: string;
  /** A status, or a review filter: `review` is the editors' queue (decision 265). */
  status?: Exclude<AdminStatusFilter, "all">;
  categoryId?: number;
  featured?: boolean;
  authorId?: number;
  sortBy?: "publishedAt" | "createdAt";
  sortOrder?: "asc" | "desc";
};

export type ArticleListItem = AdminArticleListResponse["articles"][number];

export const articleKeys = {
  all: ["admin-articles"] as const,
  list: (query: AdminArticleQuery) => ["admin-articles", "list", query] as const,
  stats: (authorId?: number) => ["admin-articles", "stats", authorId ?? null] as const,
  detail: (id: number) => ["admin-articles", "detail", id] as const,
  revisions: (id: number) => ["admin-articles", "revisions", id] as const,
};

function toSearchParams(query: AdminArticleQuery): string {
  const params = new URLSearchParams({ page: String(query.page), limit: String(query.limit) });
  if (query.search) params.set("search", query.search);
  if (query.status) params.set("status", query.status);
  if (query.categoryId) params.set("categoryId", String(query.categoryId));
  if (query.featured !== undefined) params.set("featured", String(query.featured));
  if (query.authorId) params.set("authorId", String(query.authorId));
  if (query.sortBy) params.set("sortBy", query.sortBy);
  if (query.sortOrder) params.set("sortOrder", query.sortOrder);
  return params.toString();
}

export function useAdminArticles(query: AdminArticleQuery, enabled = true) {
  return useQuery({
    queryKey: articleKeys.list(query),
    queryFn: () => api.get<AdminArticleListResponse>(`/admin/articles?${toSearchParams(query)}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useArticleStats(authorId: number | undefined) {
  return useQuery({
    queryKey: articleKeys.stats(authorId),
    queryFn: () =>
      api.get<ArticleStats>(`/admin/articles/stats${authorId ? `?authorId=${authorId}` : ""}`),
    enabled: authorId !== undefined,
  });
}

export function useArticleForEditing(id: number | undefined) {
  return useQuery({
    queryKey: articleKeys.detail(id ?? 0),
    queryFn: async () => (await api.get<ArticleResponse>(`/admin/articles/${id}`)).article,
    enabled: id !== undefined,
    // The editor must start from what is stored now, not from a cached copy...
    staleTime: 0,
    // ...but must not reload under the writer's hands when they come back to the tab.
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** The body of POST and PUT /api/articles (spec point 7). */
export type ArticleWrite = Partial<ArticleInput>;

/**
 * Saves an article. Creates carry one Idempotency-Key per form (this hook's instance): a double
 * click, or a retry after a lost answer, gets the article the first request made, never a second.
 */
export function useSaveArticle() {
  const queryClient = useQueryClient();
  const creationKey = useRef("");
  return useMutation({
    mutationFn: async ({ id, body }: { id?: number; body: ArticleWrite }): Promise<Article> => {
      creationKey.current ||= `article-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
      const response = id
        ? await api.put<ArticleResponse>(`/articles/${id}`, body)
        : await api.post<ArticleResponse>("/articles", body, {
            headers: { "idempotency-key": creationKey.current },
          });
      return response.article;
    },
    onSuccess: (article) => {
      queryClient.setQueryData(articleKeys.detail(article.id), article);
      return queryClient.invalidateQueries({ queryKey: articleKeys.all });
    },
  });
}

export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/articles/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: articleKeys.all }),
  });
}

export function useRevisions(id: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: articleKeys.revisions(id ?? 0),
    queryFn: async () =>
      (await api.get<{ revisions: RevisionSummary[] }>(`/admin/articles/${id}/revisions`))
        .revisions,
    enabled: enabled && id !== undefined,
    staleTime: 0,
  });
}

export function fetchRevision(articleId: number, revisionId: number) {
  return api.get<RevisionDetail>(`/admin/articles/${articleId}/revisions/${revisionId}`);
}

export function useRestoreRevision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ articleId, revisionId }: { articleId: number; revisionId: number }) =>
      (
        await api.post<ArticleResponse>(
          `/admin/articles/${articleId}/revisions/${revisionId}/restore`,
        )
      ).article,
    onSuccess: (article) => {
      queryClient.setQueryData(articleKeys.detail(article.id), article);
      return queryClient.invalidateQueries({ queryKey: articleKeys.all });
    },
  });
}

/** The editor's HTML through the server's sanitizer: what /preview shows (never the raw draft). */
export async function sanitizePreviewHtml(content: string): Promise<string> {
  return (await api.post<ArticlePreviewResponse>("/admin/articles/preview-html", { content }))
    .content;
}
