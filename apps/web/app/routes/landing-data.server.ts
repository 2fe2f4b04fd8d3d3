import {
  defaultLandingPageContent as fallbackContent,
  emptyLandingFeatured as noPicks,
} from "@aurumwire/shared/landing-page";
import { limits } from "@aurumwire/shared/limits";
import type { AppLoadContext } from "react-router";
import { loadArticleList } from "../features/articles/articles.server";
import { type CardArticle, toCardArticle } from "../features/articles/format";
import {
  composeLandingBlocks,
  type LandingDraft,
  type LandingPageData,
} from "../features/landing-page/compose-landing-page";

/**
 * The alternate landing layout's data, straight from the server's services (cached reads: the
 * page carries the landing page's and the articles' cache tags, so a manager save drops it).
 */
export async function loadLandingPage(
  context: AppLoadContext,
): Promise<LandingPageData<CardArticle>> {
  const { services } = context;
  let configuration: LandingDraft;
  try {
    configuration = await services.landingPage.configuration();
  } catch (caught) {
    // Spec point 8: landing page errors are only logged; readers get the newest articles.
    console.error("landing page configuration failed", caught);
    configuration = { sections: [], content: fallbackContent, featured: noPicks, charts: [] };
  }
  const [list, categories] = await Promise.all([
    loadArticleList(context, { limit: limits.alternateLandingPageSize, page: 1 }),
    services.categories.list().catch(() => []),
  ]);
  const blocks = await composeLandingBlocks<CardArticle>(configuration, {
    newest: list.articles,
    article: async (id) => toCardArticle(await services.articles.get(id)),
    inCategory: async (slug, count) =>
      (await loadArticleList(context, { limit: count, page: 1, categorySlug: slug })).articles,
    trending: async (count) => (await services.articles.trending(count)).map(toCardArticle),
    analytics: async () => services.marketData.getMarketAnalytics(),
    markets: async () => services.marketData.getMarketsTable(),
    // In-process, memoized for a minute by the service: the page's own TTL keeps it current.
    history: (coins, period) => services.marketData.history(coins, period),
    news: () => services.breakingNews.getTicker(),
    sentiment: async () => {
      const { history: _history, ...overall } = (await services.sentiment.overview()).overall;
      return overall;
    },
  });
  return {
    content: configuration.content,
    blocks,
    categories: categories
      .filter((category) => !category.parentId)
      .slice(0, 8)
      .map(({ id, name, slug }) => ({ id, name, slug })),
    error: list.error,
  };
}

/**
 * The site's profiles elsewhere (Site Settings' social links), for the home page's Organization
 * `sameAs` in either layout; none when the settings cannot be read.
 */
export function loadSocialLinks(context: AppLoadContext): Promise<string[]> {
  return context.services.publicSettings
    .contactDetails()
    .then((details) => details.socialLinks)
    .catch(() => []);
}
