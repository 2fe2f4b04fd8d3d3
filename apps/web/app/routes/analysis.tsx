import { PageHeading } from "../components/page-heading";
import { loadSectionPage } from "../features/articles/articles.server";
import {
  ArticleListSection,
  type ArticleTab,
  ArticleTabs,
  EmptyState,
  HighlightBox,
} from "../features/articles/tabbed-article-view";
import { readingPage } from "../lib/reading-page";
import { sectionPageMeta } from "../lib/seo";
import type { Route } from "./+types/analysis";

const analysisTabs: ArticleTab[] = [
  {
    key: "all",
    label: "All Analysis",
    categorySlugs: ["technical-analysis", "market-news", "trending"],
  },
  { key: "technical-analysis", label: "Technical Analysis", categorySlugs: ["technical-analysis"] },
  { key: "market-analysis", label: "Market Analysis", categorySlugs: ["market-news"] },
  { key: "trending-analysis", label: "Trending Analysis", categorySlugs: ["trending"] },
];

/** Scripts start after the content has painted (decision 150). */
export const handle = readingPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSectionPage(context, request, { tabs: analysisTabs, highlight: "premium" });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  sectionPageMeta(matches, loaderData, {
    title: "Market Analysis",
    description:
      "Crypto market analysis: technical analysis, market structure and the trends behind the moves, from the AurumWire desk.",
    path: "/analysis",
  });

export default function AnalysisPage({ loaderData }: Route.ComponentProps) {
  const { tab, path, list, highlighted } = loaderData;
  return (
    <>
      <PageHeading
        title="Market Analysis"
        subtitle="Charts, market structure and the forces behind crypto prices."
      />
      <ArticleTabs tabs={analysisTabs} active={tab} path={path} />
      <HighlightBox title="Premium Analysis" articles={highlighted} badge="EXCLUSIVE" />
      <ArticleListSection
        list={list}
        path={path}
        params={{ tab: tab === "all" ? undefined : tab }}
        priorityFirst={highlighted.length === 0}
        empty={
          <EmptyState title="No Analysis Articles Found">
            <p>There are no analysis articles in this section yet.</p>
          </EmptyState>
        }
      />
    </>
  );
}
