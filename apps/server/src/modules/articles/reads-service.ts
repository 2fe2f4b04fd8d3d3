import type { ArticlesRepository } from "./repository";
import type { ArticleReviewRepository } from "./review-repository";

/**
 * What other modules read of the articles (decision 295): the writer's topics and archive, the
 * sentiment scores, the feeds and sitemap, live coverage, the staff notifications and the scheduled
 * publication job. They reach the articles through this (built once in services.ts), never through
 * the repositories, so the articles module keeps its tables to itself and this list says what
 * leaves it.
 */
export function createArticleReads(
  repository: ArticlesRepository,
  reviews: ArticleReviewRepository,
) {
  return {
    list: repository.list,
    findBySlugOrId: repository.findBySlugOrId,
    contentByIds: repository.contentByIds,
    trending: repository.trending,
    latestWithContent: repository.latestWithContent,
    publicSitemapEntries: repository.publicSitemapEntries,
    publicArticleStamps: repository.publicArticleStamps,
    publicHeadlinesByIds: repository.publicHeadlinesByIds,
    sentimentTexts: repository.sentimentTexts,
    publicArticleCounts: repository.publicArticleCounts,
    /** Public articles whose scheduled moment came in (after, until]: the scheduled publication job. */
    publishedBetween: repository.publishedBetween,
    /** The latest review events (submitted, approved, returned), newest first. */
    latestReviews: reviews.latest,
  };
}

export type ArticleReads = ReturnType<typeof createArticleReads>;
