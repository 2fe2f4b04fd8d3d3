import { Link } from "react-router";
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
import { rssAlternate, seoMeta, siteFrom } from "../lib/seo";
import type { Route } from "./+types/articles";

/** The News view (spec point 2, 'Breaking News page'); /search?q= shows the same view. */
const newsTabs: ArticleTab[] = [
  { key: "all", label: "All News" },
  { key: "breaking", label: "Breaking", categorySlugs: ["breaking-news"] },
  { key: "trending", label: "Trending", categorySlugs: ["trending"] },
  { key: "viral", label: "Viral", categorySlugs: ["viral"] },
  { key: "market-news", label: "Market News", categorySlugs: ["market-news"] },
];

/** Scripts start after the content has painted (decision 150). */
export const handle = readingPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const isSearch = url.pathname.startsWith("/search");
  const q = isSearch ? (url.searchParams.get("q") ?? "").trim().slice(0, 200) : "";
  const section = await loadSectionPage(context, request, {
    tabs: newsTabs,
    highlight: "featured",
    search: q || undefined,
  });
  return { ...section, isSearch, q };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const q = loaderData?.q;
  if (loaderData?.isSearch) {
    return seoMeta({
      matches,
      title: q ? `Search results for "${q}"` : "Search",
      description: q
        ? `AurumWire articles matching "${q}": crypto news, analysis and explainers.`
        : "Search AurumWire's crypto news and analysis.",
      path: q ? `/search?q=${encodeURIComponent(q)}` : "/search",
      page: loaderData?.list.pagination.page,
      noIndex: true,
    });
  }
  const tab = newsTabs.find((item) => item.key === loaderData?.tab) ?? newsTabs[0];
  return seoMeta({
    matches,
    title: tab.key === "all" ? "Crypto News" : `${tab.label} Crypto News`,
    description:
      "The latest cryptocurrency news: breaking stories, market news, trends and the debates moving Bitcoin, Ethereum and DeFi.",
    path: tab.key === "all" ? "/articles" : `/articles?tab=${tab.key}`,
    page: loaderData?.list.pagination.page,
    extra: [rssAlternate(siteFrom(matches).publicUrl, siteFrom(matches).siteName)],
  });
};

export default function NewsPage({ loaderData }: Route.ComponentProps) {
  const { isSearch, q, tab, path, list, highlighted } = loaderData;
  const total = list.pagination.total;
  return (
    <>
      <PageHeading
        title={isSearch ? (q ? `Search results for "${q}"` : "Search") : "Crypto News"}
        subtitle={
          isSearch
            ? `${total} ${total === 1 ? "article" : "articles"} found`
            : "Breaking stories, market news and the trends moving crypto."
        }
      />
      <ArticleTabs tabs={newsTabs} active={tab} path={path} params={{ q: q || undefined }} />
      <HighlightBox title="Featured Breaking News" articles={highlighted} />
      <ArticleListSection
        list={list}
        path={path}
        params={{ q: q || undefined, tab: tab === "all" ? undefined : tab }}
        priorityFirst={highlighted.length === 0}
        empty={
          <EmptyState title="No News Articles Found">
            <p>
              {q
                ? `Nothing matches "${q}" yet. Try another word or browse all news.`
                : "There are no articles in this section yet."}
            </p>
            <Link to="/articles" className="aw-button">
              View All News
            </Link>
          </EmptyState>
        }
      />
    </>
  );
}
