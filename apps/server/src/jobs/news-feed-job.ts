import { intervals } from "@aurumwire/shared/limits";
import type { NewsFeedService } from "../modules/news-feed/service";
import type { ScheduledJob } from "./scheduler";

/** Reads the RSS/Atom feeds every 600 s on one instance (spec 9: news ticker refresh). */
export function newsFeedJob(newsFeed: NewsFeedService): ScheduledJob {
  return {
    name: "news-feed:read",
    intervalMs: intervals.newsTickerRefreshMs,
    exclusive: true,
    run: async (signal) => {
      await newsFeed.refreshFeeds(signal);
    },
  };
}
