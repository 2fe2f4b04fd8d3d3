import type { BreakingNewsService } from "../modules/breaking-news/service";
import type { ScheduledJob } from "./scheduler";

/**
 * Reads the RSS/Atom feeds on one instance at the service's interval: 600 s unless
 * NEWS_FEEDS_REFRESH_SECONDS says otherwise (spec 9: news ticker refresh; decision 323).
 */
export function breakingNewsJob(breakingNews: BreakingNewsService): ScheduledJob {
  return {
    name: "breaking-news:read-feeds",
    intervalMs: breakingNews.refreshIntervalMs,
    exclusive: true,
    run: async (signal) => {
      await breakingNews.refreshFeeds(signal);
    },
  };
}
