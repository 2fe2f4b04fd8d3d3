import type { LandingChart, LandingFeatured, LandingPageContent } from "./landing-page";
import { marketHistoryPeriodLabels, marketHistoryPeriods } from "./market-history";

// The landing page's constants, labels and defaults without its zod schemas (landing-page.ts,
// which re-exports them): public pages import these and load no zod (decision 150).

/** The section types of the alternate landing layout (spec point 3). */
export const landingSectionTypes = [
  "hero",
  "featured_articles",
  "market_analytics",
  "trending",
  "breaking_news",
  "latest_news",
  "custom_charts",
] as const;
export type LandingSectionType = (typeof landingSectionTypes)[number];

/** The default title of a section is its type's label (spec point 3). */
export const landingSectionTypeLabels: Record<LandingSectionType, string> = {
  hero: "Hero",
  featured_articles: "Featured Articles",
  market_analytics: "Market Analytics",
  trending: "Trending",
  breaking_news: "Breaking News",
  latest_news: "Latest News",
  custom_charts: "Custom Charts",
};

/** How many items a section shows by default, and at most. */
export const landingSectionItemDefaults: Record<LandingSectionType, number> = {
  hero: 5,
  featured_articles: 4,
  market_analytics: 4,
  trending: 4,
  breaking_news: 4,
  latest_news: 21,
  custom_charts: 4,
};
export const landingSectionMaxItems = 60;
export const landingSectionsMax = 30;
export const landingSectionTitleMax = 80;

export const defaultLandingPageContent: LandingPageContent = {
  heroTitle: "Premium Crypto Intelligence",
  heroSubtitle:
    "Breaking news, market analysis and live data on Bitcoin, Ethereum, DeFi and NFTs from the AurumWire desk.",
  primaryButtonText: "Read the Latest",
  primaryButtonLink: "/articles",
  secondaryButtonText: "Explore Markets",
  secondaryButtonLink: "/markets",
  seoTitle: "AurumWire: Premium Crypto Intelligence",
  metaDescription:
    "Crypto news, market analysis and live prices: Bitcoin, Ethereum, DeFi and NFT stories from the AurumWire desk.",
  keywords: "crypto news, bitcoin, ethereum, defi, nft, market analysis",
  shareImage: "",
  aboutTitle: "About AurumWire",
  aboutContent:
    "AurumWire is a newsroom for digital assets: reporting, analysis and market data you can act on, with every figure sourced.",
};

/** Featured Content: the hero, the 4 secondary cards and the 4 Editor's Picks (article ids). */
export const landingFeaturedSlots = { hero: 1, secondary: 4, editorsPicks: 4 } as const;
export const emptyLandingFeatured: LandingFeatured = {
  heroArticleId: null,
  secondaryArticleIds: [],
  editorsPickIds: [],
};

/**
 * Custom Charts: a chart of our market data comparing coins on one metric, either as they are now
 * ("latest": a bar per coin) or over a period of the price history (a line per coin, decision 125).
 */
export const landingChartMetrics = ["price", "change", "marketCap", "volume"] as const;
export type LandingChartMetric = (typeof landingChartMetrics)[number];
export const landingChartMetricLabels: Record<LandingChartMetric, string> = {
  price: "Price (USD)",
  change: "24h Change (%)",
  marketCap: "Market Cap (USD)",
  volume: "24h Volume (USD)",
};
export const landingChartPeriods = ["latest", ...marketHistoryPeriods] as const;
export type LandingChartPeriod = (typeof landingChartPeriods)[number];
export const landingChartPeriodLabels: Record<LandingChartPeriod, string> = {
  latest: "Latest",
  ...marketHistoryPeriodLabels,
};

/** What a chart plots: over a period, "change" is each coin's move since the period began. */
export function landingChartMetricLabel(chart: Pick<LandingChart, "metric" | "period">): string {
  if (chart.metric === "change" && chart.period !== "latest") {
    return `Change over ${landingChartPeriodLabels[chart.period]} (%)`;
  }
  return landingChartMetricLabels[chart.metric];
}

/** A chart's metric and period in a few words: "Price (USD) · 7 days", "Price (USD) · Latest". */
export function landingChartDescription(chart: Pick<LandingChart, "metric" | "period">): string {
  const metric = landingChartMetricLabel(chart);
  if (chart.metric === "change" && chart.period !== "latest") return metric;
  return `${metric} · ${landingChartPeriodLabels[chart.period]}`;
}
