import {
  defaultLandingPageContent as fallbackContent,
  emptyLandingFeatured as noPicks,
} from "@aurumwire/shared/landing-page";
import { limits } from "@aurumwire/shared/limits";
import { useRouteLoaderData } from "react-router";
import { useSiteLinkNavigation } from "../components/site-link";
import { ArticleCard } from "../features/articles/article-card";
import { loadArticleList } from "../features/articles/articles.server";
import { type CardArticle, toCardArticle } from "../features/articles/format";
import { LiveBreakingNewsTicker } from "../features/breaking-news/breaking-news-ticker";
import {
  composeLandingBlocks,
  type LandingDraft,
  type LandingPageData,
} from "../features/landing-page/compose-landing-page";
import { LandingLayout, type LandingSlots } from "../features/landing-page/landing-layout";
import { LiveMarketAnalytics } from "../features/market/market-analytics";
import { NewsletterBox } from "../features/newsletter/newsletter-box";
import "../components/layout/public-layout.css";
import { seoMeta } from "../lib/seo";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/landing";

/**
 * The alternate landing layout's data, straight from the server's services (cached reads: the
 * page carries the landing page's and the articles' cache tags, so a manager save drops it).
 */
export async function loadLandingPage(
  context: Route.LoaderArgs["context"],
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
    news: () => services.breakingNews.getTicker(),
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

/** The cards, market cards, ticker and newsletter box of their own features. */
export const landingSlots: LandingSlots<CardArticle> = {
  article: (article, variant) => (
    <ArticleCard
      article={article}
      variant={variant}
      excerptLength={variant === "grid" ? limits.featuredListExcerpt : undefined}
      eager={variant === "hero"}
    />
  ),
  analytics: (data) => <LiveMarketAnalytics initial={data} />,
  news: (data) => <LiveBreakingNewsTicker initial={data} />,
  newsletter: <NewsletterBox />,
};

/** Title, description, keywords and share image come from the manager's editor tab. */
export function landingMeta(
  matches: Parameters<typeof seoMeta>[0]["matches"],
  data: LandingPageData<CardArticle> | undefined,
  path: string,
) {
  const content = data?.content ?? fallbackContent;
  const tags = seoMeta({
    matches,
    title: null,
    description: content.metaDescription,
    path,
    image: content.shareImage || null,
    extra: content.keywords ? [{ name: "keywords", content: content.keywords }] : [],
  });
  if (!content.seoTitle) return tags;
  // The editor's SEO title is the whole title, not a page name before the site's.
  return tags.map((tag) => {
    if ("title" in tag) return { title: content.seoTitle };
    if ("property" in tag && tag.property === "og:title")
      return { ...tag, content: content.seoTitle };
    if ("name" in tag && tag.name === "twitter:title") return { ...tag, content: content.seoTitle };
    return tag;
  });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  landingMeta(matches, loaderData, "/landing");

export async function loader({ context }: Route.LoaderArgs) {
  return loadLandingPage(context);
}

/** The landing layout with the site's name from the root loader. */
export function LandingPage({ data }: { data: LandingPageData<CardArticle> }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <LandingLayout data={data} siteName={root?.siteName ?? "AurumWire"} slots={landingSlots} />
  );
}

export default function LandingRoute({ loaderData }: Route.ComponentProps) {
  // Outside the public layout, which handles the site links' clicks everywhere else.
  useSiteLinkNavigation();
  return <LandingPage data={loaderData} />;
}
