import type { ArticleListResponse, RelatedArticlesResponse } from "@aurumwire/shared/articles";
import type { LiveUpdatesResponse } from "@aurumwire/shared/live-coverage";
import { api } from "../lib/api-client";

/**
 * A reader's calls on the public article pages. Plain calls rather than hooks: those pages render
 * on the server with their data (the route's loader), and the browser asks only for what a click
 * adds (Load more, Retry, a like).
 */
export function readArticlePage(offset: number, limit: number) {
  return api.get<ArticleListResponse>(`/articles?offset=${offset}&limit=${limit}`);
}

export function readRelatedArticles(articleId: number, limit: number) {
  return api.get<RelatedArticlesResponse>(`/articles/${articleId}/related?limit=${limit}`);
}

/** Whether the signed-in reader likes an article, and how many do. */
export function readArticleLike(articleId: number) {
  return api.get<{ liked: boolean; likeCount: number }>(`/articles/${articleId}/like`);
}

/** Likes or unlikes an article for the signed-in reader; the answer is the new state. */
export function toggleArticleLike(articleId: number) {
  return api.post<{ liked: boolean; likeCount: number }>(`/articles/${articleId}/like`);
}

/** A live article's coverage and updates, read on an interval where the event stream is blocked. */
export function readLiveUpdates(slug: string) {
  return api.get<LiveUpdatesResponse>(`/articles/${encodeURIComponent(slug)}/live-updates`);
}

/**
 * Counts a view (decision 160) after the reader stayed a moment; the answer's token lets the
 * reading tracker report how far they read. Not signed in is fine here.
 */
export function recordArticleView(articleId: number, source: unknown, sessionId: string) {
  return api.post<{ viewToken?: string }>(`/articles/${articleId}/view`, source, {
    headers: { "x-session-id": sessionId },
    allowUnauthorized: true,
  });
}
