import { intervals } from "@aurumwire/shared/limits";
import type { BreakingNewsService } from "../modules/breaking-news/service";
import type { ScheduledJob } from "./scheduler";

/** Reads the RSS/Atom feeds every 600 s on one instance (spec 9: news ticker refresh). */
export function breakingNewsJob(breakingNews: BreakingNewsService): ScheduledJob {
  return {
    name: "breaking-news:read-feeds",
    intervalMs: intervals.newsTickerRefreshMs,
    exclusive: true,
    run: async (signal) => {
      await breakingNews.refreshFeeds(signal);
    },
  };
}
