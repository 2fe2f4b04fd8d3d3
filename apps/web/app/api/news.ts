import type { GenerateArticleResponse, TickerNewsItem } from "@aurumwire/shared/news";
import { api } from "../lib/api-client";

/** The article of a breaking-news item (made once, on first request). */
export function requestNewsArticle(item: TickerNewsItem) {
  return api.post<GenerateArticleResponse>("/news/generate-article", {
    newsId: item.id,
    title: item.title,
    source: item.source,
    tags: item.tags,
  });
}
