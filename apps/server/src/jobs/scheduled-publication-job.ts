import { articleListsTag, articleTag, searchResultsTag } from "../modules/articles/cache-tags";
import type { ArticleReads } from "../modules/articles/reads-service";
import type { ScheduledJob } from "./scheduler";

/** How often scheduled articles are looked for: a story goes out at most this late. */
export const scheduledPublicationIntervalMs = 30_000;

/**
 * A published article with a future date (a schedule) becomes public when its moment comes, by the
 * public reads' own `publishedAt <= now()` (decision 132). Nothing is written then, so nothing
 * tells the page cache: this job finds the articles whose moment passed since its last run and
 * drops the cached pages, lists, feeds and search results they now belong to (on every instance,
 * through the cache's Redis channel). Runs on one instance per interval.
 */
export function scheduledPublicationJob(deps: {
  articles: Pick<ArticleReads, "publishedBetween">;
  onArticlesChanged: (tags: readonly string[]) => void;
  intervalMs?: number;
  now?: () => Date;
}): ScheduledJob {
  const intervalMs = deps.intervalMs ?? scheduledPublicationIntervalMs;
  const now = deps.now ?? (() => new Date());
  // From one interval before boot: a moment that passed while the previous run was ending or
  // while another instance held the lock is still seen (dropping a page twice costs one render).
  let checkedUntil = new Date(now().getTime() - intervalMs);
  return {
    name: "articles:scheduled-publication",
    intervalMs,
    exclusive: true,
    run: async () => {
      const until = now();
      const due = await deps.articles.publishedBetween(checkedUntil, until);
      if (due.length > 0) {
        deps.onArticlesChanged([
          articleListsTag,
          searchResultsTag,
          ...due.map((article) => articleTag(article.id)),
        ]);
      }
      checkedUntil = until;
    },
  };
}
