import type { SentimentService } from "../modules/sentiment/service";
import type { ScheduledJob } from "./scheduler";

/** How often new and changed articles and news items are scored: the index is at most this late. */
export const sentimentRefreshIntervalMs = 20_000;

/**
 * Every 20 s on one instance: scores the articles published or edited and the feed items fetched
 * since the last run (the first run after a start backfills everything), and drops the cached
 * pages that show their sentiment (decision 192). Publication never waits for it.
 */
export function sentimentJob(sentiment: SentimentService): ScheduledJob {
  return {
    name: "sentiment:refresh",
    intervalMs: sentimentRefreshIntervalMs,
    exclusive: true,
    run: async () => {
      await sentiment.refresh();
    },
  };
}
