import { intervals } from "@aurumwire/shared/limits";
import type { NewsTickerResponse, TickerNewsItem } from "@aurumwire/shared/news";
import { fallbackTickerNews } from "@aurumwire/shared/news-fallback";
import { useEffect, useMemo, useState } from "react";
import { requestNewsArticle } from "../../api/news";
import { onBreaking, startLiveStream } from "../../lib/live-stream";
import { useRefreshingData } from "../../lib/use-refreshing-data";

/**
 * Ticker news items, refreshed every 600 s; the 4 built-in headlines when the first load fails.
 * Items the live stream pushes (decision 233) come first the moment they arrive.
 */
export function useBreakingNews(initial: NewsTickerResponse | null): TickerNewsItem[] | null {
  const data = useRefreshingData<TickerNewsItem[]>({
    path: "/news/ticker",
    intervalMs: intervals.newsTickerRefreshMs,
    initial: initial?.news ?? null,
    select: (answer) => (answer as NewsTickerResponse).news,
    fallback: fallbackTickerNews,
  });
  const [pushed, setPushed] = useState<TickerNewsItem[]>([]);
  useEffect(() => {
    startLiveStream();
    return onBreaking(({ item }) =>
      setPushed((list) => [item, ...list.filter((known) => known.id !== item.id)].slice(0, 10)),
    );
  }, []);
  return useMemo(() => {
    if (pushed.length === 0) return data;
    const ids = new Set(pushed.map((item) => item.id));
    return [...pushed, ...(data ?? []).filter((item) => !ids.has(item.id))];
  }, [data, pushed]);
}

/** Asks the server for the item's article (made once, on first request) and returns its slug. */
export async function requestArticleFor(item: TickerNewsItem): Promise<string> {
  const answer = await requestNewsArticle(item);
  return answer.article.slug;
}
