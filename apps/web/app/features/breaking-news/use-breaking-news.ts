import { intervals } from "@aurumwire/shared/limits";
import type {
  GenerateArticleResponse,
  NewsTickerResponse,
  TickerNewsItem,
} from "@aurumwire/shared/news";
import { fallbackTickerNews } from "@aurumwire/shared/news-fallback";
import { api } from "../../lib/api-client";
import { useRefreshingData } from "../../lib/use-refreshing-data";

/** Ticker news items, refreshed every 600 s; the 4 built-in headlines when the first load fails. */
export function useBreakingNews(initial: NewsTickerResponse | null): TickerNewsItem[] | null {
  const data = useRefreshingData<TickerNewsItem[]>({
    path: "/news/ticker",
    intervalMs: intervals.newsTickerRefreshMs,
    initial: initial?.news ?? null,
    select: (answer) => (answer as NewsTickerResponse).news,
    fallback: fallbackTickerNews,
  });
  return data;
}

/** Asks the server for the item's article (made once, on first request) and returns its slug. */
export async function requestArticleFor(item: TickerNewsItem): Promise<string> {
  const answer = await api.post<GenerateArticleResponse>("/news/generate-article", {
    newsId: item.id,
    title: item.title,
    source: item.source,
    tags: item.tags,
  });
  return answer.article.slug;
}
