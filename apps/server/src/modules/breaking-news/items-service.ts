import type { BreakingNewsRepository } from "./repository";

/**
 * What other modules read of the breaking-news feed items (decision 295): the writer's topic
 * ideas and the sentiment scores. They reach the items through this (built once in services.ts),
 * never through the repository.
 */
export function createNewsItemReads(repository: BreakingNewsRepository) {
  return {
    latestFeedItems: repository.latestFeedItems,
    itemsForSentiment: repository.itemsForSentiment,
    itemsByIds: repository.itemsByIds,
  };
}

export type NewsItemReads = ReturnType<typeof createNewsItemReads>;
