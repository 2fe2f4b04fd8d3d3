import type { Category } from "@aurumwire/shared/articles";
import type {
  LandingChart,
  LandingPageConfiguration,
  LandingPageContent,
  LandingSection,
} from "@aurumwire/shared/landing-page";
import {
  landingFeaturedSlots,
  landingSectionItemDefaults,
} from "@aurumwire/shared/landing-page-display";
import type {
  MarketAnalyticsData,
  MarketHistoryData,
  MarketHistoryPeriod,
  MarketsTableData,
} from "@aurumwire/shared/market";
import type { NewsTickerResponse } from "@aurumwire/shared/news";

/** What the layout needs of an article; the cards themselves come from the articles feature. */
export type LandingArticle = { id: number };

/** One active section of the alternate landing layout, with what it shows. */
export type LandingBlock<CardArticle extends LandingArticle = LandingArticle> =
  | { id: number; type: "hero"; title: string; hero: CardArticle | null; secondary: CardArticle[] }
  | { id: number; type: "featured_articles"; title: string; picks: CardArticle[] }
  | { id: number; type: "latest_news"; title: string; articles: CardArticle[] }
  | { id: number; type: "trending"; title: string; articles: CardArticle[] }
  | {
      id: number;
      type: "market_analytics";
      title: string;
      /** The spec's 4 'Market Analysis' items: the newest analysis articles not shown above. */
      articles: CardArticle[];
      analytics: MarketAnalyticsData | null;
      /** The News Sentiment Index (issue 30), where the page has it. */
      sentiment: LandingSentimentIndex | null;
    }
  | { id: number; type: "breaking_news"; title: string; news: NewsTickerResponse | null }
  | {
      id: number;
      type: "custom_charts";
      title: string;
      charts: LandingChart[];
      markets: MarketsTableData | null;
      /** The price history of the period charts' coins, by period; null when it failed. */
      histories: Partial<Record<MarketHistoryPeriod, MarketHistoryData | null>>;
    };

/** The overall News Sentiment Index as the landing block shows it. */
export interface LandingSentimentIndex {
  index: number | null;
  label: string;
  trend: number | null;
  coverage: string;
}

/** Where the Market Analysis items come from: the /analysis page's categories, in its order. */
export const analysisCategorySlugs = ["technical-analysis", "market-news", "trending"] as const;

export type LandingCategoryLink = Pick<Category, "id" | "name" | "slug">;

export interface LandingPageData<CardArticle extends LandingArticle = LandingArticle> {
  content: LandingPageContent;
  blocks: LandingBlock<CardArticle>[];
  categories: LandingCategoryLink[];
  error: string | null;
}

export type LandingDraft = Pick<
  LandingPageConfiguration,
  "sections" | "content" | "featured" | "charts"
>;

/**
 * Where the layout's content comes from: the server's services for /landing, the JSON API for
 * the manager's preview. Each read that fails gives nothing (spec point 8: only logged).
 */
export interface LandingSources<CardArticle extends LandingArticle> {
  /** The 60 newest public articles (spec point 9), newest first. */
  newest: CardArticle[];
  /** A picked article by id; null when it is not public (any more). */
  article(id: number): Promise<CardArticle | null>;
  /** The newest of one category. */
  inCategory(slug: string, count: number): Promise<CardArticle[]>;
  trending(count: number): Promise<CardArticle[]>;
  analytics(): Promise<MarketAnalyticsData | null>;
  markets(): Promise<MarketsTableData | null>;
  /** The price history of tracked coins over a period (decision 125). */
  history(coins: string[], period: MarketHistoryPeriod): Promise<MarketHistoryData | null>;
  news(): Promise<NewsTickerResponse | null>;
  /** The News Sentiment Index; absent where the page does not show it (the manager's preview). */
  sentiment?(): Promise<LandingSentimentIndex | null>;
}

const itemsOf = (section: LandingSection) =>
  section.configuration.itemCount ?? landingSectionItemDefaults[section.sectionType];

/**
 * The manager's active sections in their order, filled with the chosen picks first and the newest
 * not yet shown in every empty slot.
 */
export async function composeLandingBlocks<CardArticle extends LandingArticle>(
  configuration: LandingDraft,
  sources: LandingSources<CardArticle>,
): Promise<LandingBlock<CardArticle>[]> {
  const { newest } = sources;
  const byId = new Map(newest.map((article) => [article.id, article]));
  const picked = async (id: number | null | undefined): Promise<CardArticle | null> => {
    if (!id) return null;
    const known = byId.get(id);
    if (known) return known;
    const article = await sources.article(id).catch(() => null);
    if (article) byId.set(id, article);
    return article;
  };
  const shown = new Set<number>();
  const take = (article: CardArticle) => {
    shown.add(article.id);
    return article;
  };
  const fill = async (ids: readonly number[], count: number): Promise<CardArticle[]> => {
    const chosen: CardArticle[] = [];
    for (const id of ids.slice(0, count)) {
      const article = await picked(id);
      if (article && !shown.has(article.id)) chosen.push(take(article));
    }
    for (const article of newest) {
      if (chosen.length >= count) break;
      if (!shown.has(article.id)) chosen.push(take(article));
    }
    return chosen;
  };

  const active = configuration.sections.filter((section) => section.isActive);
  const { featured } = configuration;
  // The hero pick is placed first, wherever its section is, so no list above it shows it too.
  let heroPick: CardArticle | null = null;
  if (active.some((section) => section.sectionType === "hero")) {
    const article = await picked(featured.heroArticleId);
    if (article) heroPick = take(article);
  }
  const blocks: LandingBlock<CardArticle>[] = [];
  for (const section of active) {
    const base = { id: section.id, title: section.title };
    const count = itemsOf(section);
    switch (section.sectionType) {
      case "hero": {
        const hero = heroPick ?? (await fill([], 1))[0] ?? null;
        const secondary = await fill(featured.secondaryArticleIds, landingFeaturedSlots.secondary);
        blocks.push({ ...base, type: "hero", hero, secondary });
        break;
      }
      case "featured_articles":
        blocks.push({
          ...base,
          type: "featured_articles",
          picks: await fill(featured.editorsPickIds, landingFeaturedSlots.editorsPicks),
        });
        break;
      case "latest_news": {
        const slug = section.configuration.categorySlug;
        const articles = slug
          ? await sources.inCategory(slug, count).catch(() => [])
          : await fill([], count);
        blocks.push({ ...base, type: "latest_news", articles });
        break;
      }
      case "trending": {
        // Trending stories not already on the page (the hero's, the picks...), most read first.
        const trending = await sources.trending(count + shown.size).catch(() => []);
        blocks.push({
          ...base,
          type: "trending",
          articles: trending
            .filter((article) => !shown.has(article.id))
            .slice(0, count)
            .map(take),
        });
        break;
      }
      case "market_analytics": {
        const [analytics, sentiment, ...lists] = await Promise.all([
          sources.analytics().catch(() => null),
          sources.sentiment?.().catch(() => null) ?? null,
          ...analysisCategorySlugs.map((slug) =>
            sources.inCategory(slug, count + shown.size).catch(() => []),
          ),
        ]);
        const articles: CardArticle[] = [];
        for (const article of lists.flat()) {
          if (articles.length >= count) break;
          if (!shown.has(article.id)) articles.push(take(article));
        }
        blocks.push({
          ...base,
          type: "market_analytics",
          articles,
          sentiment: sentiment ?? null,
          analytics: analytics && {
            ...analytics,
            marketAnalytics: analytics.marketAnalytics.slice(0, count),
          },
        });
        break;
      }
      case "breaking_news":
        blocks.push({
          ...base,
          type: "breaking_news",
          news: await sources.news().catch(() => null),
        });
        break;
      case "custom_charts": {
        const charts = configuration.charts.slice(0, count);
        // One history read per period, for every coin its charts show.
        const coinsByPeriod = new Map<MarketHistoryPeriod, Set<string>>();
        for (const chart of charts) {
          if (chart.period === "latest") continue;
          const coins = coinsByPeriod.get(chart.period) ?? new Set<string>();
          for (const coin of chart.coins) coins.add(coin);
          coinsByPeriod.set(chart.period, coins);
        }
        const histories: Partial<Record<MarketHistoryPeriod, MarketHistoryData | null>> = {};
        await Promise.all(
          [...coinsByPeriod].map(async ([period, coins]) => {
            histories[period] = await sources.history([...coins], period).catch(() => null);
          }),
        );
        blocks.push({
          ...base,
          type: "custom_charts",
          charts,
          markets: await sources.markets().catch(() => null),
          histories,
        });
        break;
      }
    }
  }
  return blocks;
}
