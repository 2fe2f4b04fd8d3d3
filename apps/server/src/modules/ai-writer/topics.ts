import { fallbackTopics, type TopicsResponse } from "@aurumwire/shared/ai-writer";
import { slugify } from "@aurumwire/shared/slugs";
import type { ArticleReads } from "../articles/reads-service";
import type { NewsItemReads } from "../breaking-news/items-service";
import type { CategoriesService } from "../categories/service";

/**
 * The AI Generator's topic chips (spec: GET /api/ollama/quick-topics and trending-topics): our own
 * headlines, for the category the editor chose first, never the same topic in both rows.
 */
export function createTopicFinder(deps: {
  articles: ArticleReads;
  categories: CategoriesService;
  breakingNews: NewsItemReads;
  now: () => Date;
}) {
  const { articles, now } = deps;

  async function titlesAsTopics(
    lists: Promise<{ title: string }[]>[],
    max: number,
  ): Promise<string[]> {
    const seen = new Set<string>();
    const topics: string[] = [];
    for (const list of await Promise.all(lists)) {
      for (const { title } of list) {
        const key = title.toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        topics.push(title);
        if (topics.length >= max) return topics;
      }
    }
    return topics;
  }

  /**
   * Tags used on more published articles in the last 7 days than in the 7 before, most risen
   * first; each stands as the headline of its newest article (a topic reads like a headline, not a
   * template), within the categories when given.
   */
  async function risingTagTopics(
    max: number,
    categoryIds: number[] | undefined,
  ): Promise<{ title: string }[]> {
    const { records } = await articles.list({
      visibility: "public",
      categoryIds,
      sortBy: "publishedAt",
      sortOrder: "desc",
      limit: 200,
      offset: 0,
    });
    const weekAgo = now().getTime() - 7 * 24 * 60 * 60_000;
    const twoWeeksAgo = weekAgo - 7 * 24 * 60 * 60_000;
    const counts = new Map<string, { recent: number; previous: number; headline: string }>();
    for (const record of records) {
      const at = record.publishedAt?.getTime() ?? 0;
      if (at < twoWeeksAgo) continue;
      for (const tag of record.tags) {
        // Newest first: the first article met is the tag's newest headline.
        const entry = counts.get(tag) ?? { recent: 0, previous: 0, headline: record.title };
        if (at >= weekAgo) entry.recent += 1;
        else entry.previous += 1;
        counts.set(tag, entry);
      }
    }
    return [...counts.values()]
      .filter((count) => count.recent > count.previous && count.recent >= 2)
      .sort((a, b) => b.recent - b.previous - (a.recent - a.previous) || b.recent - a.recent)
      .slice(0, max)
      .map((count) => ({ title: count.headline }));
  }

  /**
   * The category a topics request names (its lowercased name or slug): its id and its
   * subcategories' ids, none for "general" (every category), or null when no category has that
   * name.
   */
  async function topicCategory(
    category: string | undefined,
  ): Promise<{ categoryIds: number[] | undefined } | null> {
    const wanted = (category ?? "general").trim().toLowerCase();
    if (!wanted || wanted === "general") return { categoryIds: undefined };
    const all = await deps.categories.list();
    const found = all.find(
      (item) => item.name.toLowerCase() === wanted || item.slug === slugify(wanted),
    );
    // With its subcategories, as the category's page lists them ("News" takes Breaking News in).
    return found ? { categoryIds: await deps.categories.idsForCategory(found.id) } : null;
  }

  /**
   * Trending topics: the newest breaking-news items (all categories only: feeds have none), tags
   * rising this week, then the articles readers open most; within the category when one is named.
   */
  async function trendingTopicList(categoryIds: number[] | undefined): Promise<string[]> {
    const mostRead = categoryIds
      ? articles
          .trending(60)
          .then((records) =>
            records.filter((record) => categoryIds.includes(record.categoryId ?? -1)).slice(0, 6),
          )
      : articles.trending(6);
    return titlesAsTopics(
      [
        categoryIds ? Promise.resolve([]) : deps.breakingNews.latestFeedItems(6),
        risingTagTopics(2, categoryIds),
        mostRead,
      ],
      6,
    );
  }

  function topicsAnswer(topics: string[]): TopicsResponse {
    return topics.length > 0
      ? { status: "success", topics, origin: "archive" }
      : { status: "success", topics: [...fallbackTopics], origin: "fallback" };
  }

  /**
   * Quick topics for a category (lowercased name, or "general"): its newest, then most read
   * articles' headlines, leaving out the category's trending topics, so no chip shows twice.
   */
  async function quickTopics(category: string | undefined): Promise<TopicsResponse> {
    const scope = await topicCategory(category);
    if (!scope) return topicsAnswer([]);
    const { categoryIds } = scope;
    const page = (sortBy: "viewCount" | "publishedAt") =>
      articles
        .list({
          visibility: "public",
          categoryIds,
          sortBy,
          sortOrder: "desc",
          limit: 12,
          offset: 0,
        })
        .then((result) => result.records);
    const trending = new Set(
      (await trendingTopicList(categoryIds)).map((topic) => topic.toLowerCase()),
    );
    const unseen = (list: Promise<{ title: string }[]>) =>
      list.then((records) => records.filter((record) => !trending.has(record.title.toLowerCase())));
    return topicsAnswer(
      await titlesAsTopics([unseen(page("publishedAt")), unseen(page("viewCount"))], 8),
    );
  }

  /** Trending topics, for a category when one is named (see `trendingTopicList`). */
  async function trendingTopics(category?: string): Promise<TopicsResponse> {
    const scope = await topicCategory(category);
    return topicsAnswer(scope ? await trendingTopicList(scope.categoryIds) : []);
  }

  return { quickTopics, trendingTopics };
}
