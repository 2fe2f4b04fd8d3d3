import { PageHeading } from "../components/page-heading";
import { loadSectionPage } from "../features/articles/articles.server";
import {
  ArticleListSection,
  type ArticleTab,
  ArticleTabs,
  EmptyState,
} from "../features/articles/tabbed-article-view";
import { loadMarketsTable } from "../features/market/market-data.server";
import { LiveMarketsTable } from "../features/market/markets-table";
import { loadMarketsSentiment } from "../features/sentiment/sentiment.server";
import { SentimentIndexSummary } from "../features/sentiment/sentiment-index-summary";
import { readingPage } from "../lib/reading-page";
import { sectionPageMeta } from "../lib/seo";
import type { Route } from "./+types/markets";

const marketTabs: ArticleTab[] = [
  {
    key: "all",
    label: "All Markets",
    categorySlugs: ["markets", "market-news"],
  },
  { key: "market-news", label: "Market News", categorySlugs: ["market-news"] },
  { key: "trading", label: "Trading", categorySlugs: ["trading"] },
  { key: "technical-analysis", label: "Technical Analysis", categorySlugs: ["technical-analysis"] },
];

/** Scripts start after the content has painted (decision 150). */
export const handle = readingPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    ...(await loadSectionPage(context, request, { tabs: marketTabs, highlight: "featured" })),
    marketsTable: loadMarketsTable(context),
    sentiment: await loadMarketsSentiment(context),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  sectionPageMeta(matches, loaderData, {
    title: "Crypto Markets",
    description:
      "Live cryptocurrency prices for Bitcoin, Ethereum and the major coins, with market news, trading and technical analysis.",
    path: "/markets",
  });

export default function MarketsPage({ loaderData }: Route.ComponentProps) {
  const { tab, path, list, marketsTable, sentiment } = loaderData;
  return (
    <>
      <PageHeading title="Markets" subtitle="Live cryptocurrency prices and market news." />
      <SentimentIndexSummary overall={sentiment.overall} />
      <LiveMarketsTable initial={marketsTable} sentiment={sentiment.coins} />
      <ArticleTabs tabs={marketTabs} active={tab} path={path} />
      <ArticleListSection
        list={list}
        path={path}
        params={{ tab: tab === "all" ? undefined : tab }}
        priorityFirst
        empty={
          <EmptyState title="No Market Articles Found">
            <p>There are no market articles in this section yet.</p>
          </EmptyState>
        }
      />
    </>
  );
}
