import { limits } from "@aurumwire/shared/limits";
import { AllStories } from "../features/articles/all-stories";
import { ArticleCard, ArticleGrid } from "../features/articles/article-card";
import { loadArticleList } from "../features/articles/articles.server";
import { ArticleCarousel } from "../features/articles/carousel";
import { loadBreakingNews } from "../features/breaking-news/breaking-news.server";
import { LiveBreakingNewsTicker } from "../features/breaking-news/breaking-news-ticker";
import { LiveMarketAnalytics } from "../features/market/market-analytics";
import { loadMarketAnalytics } from "../features/market/market-data.server";
import { NewsletterBox } from "../features/newsletter/newsletter-box";
import { readingPage } from "../lib/reading-page";
import { rssAlternate, seoMeta, siteFrom, siteJsonLd } from "../lib/seo";
import type { Route } from "./+types/home";
import { LandingPage, landingMeta } from "./landing";
import { loadLandingPage, loadSocialLinks } from "./landing-data.server";

/** Articles 1 (hero), 2-7 (Latest News) and the first 20 of All Stories (from the 8th). */
const firstStory = 7;
const serverRendered = firstStory + limits.loadMoreStep;

/** Scripts start after the content has painted (decision 150). */
export const handle = readingPage;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (loaderData?.layout === "landing") {
    return landingMeta(matches, loaderData.landing, "/", loaderData.socialLinks);
  }
  const site = siteFrom(matches);
  return seoMeta({
    matches,
    title: null,
    description:
      "Crypto news, market analysis and live prices: Bitcoin, Ethereum, DeFi and NFT stories from the AurumWire desk.",
    path: "/",
    extra: [
      rssAlternate(site.publicUrl, site.siteName),
      ...siteJsonLd({ ...site, socialLinks: loaderData?.socialLinks }),
    ],
  });
};

export async function loader({ context }: Route.LoaderArgs) {
  const heroDisplayMode = await context.services.publicSettings
    .heroDisplayMode()
    .catch(() => "hero" as const);
  // Site Settings' 'Landing Page' choice serves the alternate layout here (decision 120).
  if (heroDisplayMode === "landing") {
    const [landing, socialLinks] = await Promise.all([
      loadLandingPage(context),
      loadSocialLinks(context),
    ]);
    return { layout: "landing" as const, landing, socialLinks };
  }
  const [list, breakingNews, socialLinks] = await Promise.all([
    loadArticleList(context, { limit: serverRendered, page: 1 }),
    loadBreakingNews(context),
    loadSocialLinks(context),
  ]);
  return {
    layout: "standard" as const,
    breakingNews,
    marketAnalytics: loadMarketAnalytics(context),
    heroDisplayMode,
    socialLinks,
    articles: list.articles,
    total: list.pagination.total,
    error: list.error,
  };
}

export default function HomeRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.layout === "landing") return <LandingPage data={loaderData.landing} />;
  return <HomePage {...loaderData} />;
}

function HomePage(loaderData: Extract<Route.ComponentProps["loaderData"], { layout: "standard" }>) {
  const { heroDisplayMode, articles, total, error, breakingNews, marketAnalytics } = loaderData;
  const latest = articles.slice(1, 7);
  const trending = articles.slice(1, 4);
  return (
    <>
      <LiveBreakingNewsTicker initial={breakingNews} />
      <h1 className="aw-visually-hidden">Latest crypto news</h1>
      {error && (
        <div className="aw-alert" role="alert" style={{ marginBottom: 24 }}>
          {error}
        </div>
      )}
      {heroDisplayMode === "hero" && articles[0] && (
        <section className="aw-section" aria-label="Top story">
          <ArticleCard article={articles[0]} variant="hero" priority />
        </section>
      )}
      {heroDisplayMode === "carousel" && <ArticleCarousel articles={articles} />}
      {latest.length > 0 && (
        <section className="aw-section" aria-labelledby="latest-news-heading">
          <h2 id="latest-news-heading" className="aw-section__title">
            Latest News
          </h2>
          {/* Six cards: two full rows of three (four columns left a hole in the second row). */}
          <ArticleGrid
            articles={latest}
            columns={3}
            excerptLength={limits.featuredCardExcerpt}
            eagerCount={3}
          />
        </section>
      )}
      <div className="aw-layout-sidebar">
        <AllStories initial={articles.slice(firstStory)} startOffset={firstStory} total={total} />
        <aside aria-label="Sidebar">
          <LiveMarketAnalytics initial={marketAnalytics} />
          <NewsletterBox variant="sidebar" />
          <section className="aw-sidebar-box" aria-labelledby="trending-stories-heading">
            <h2 id="trending-stories-heading">Trending Stories</h2>
            <div className="aw-stack">
              {trending.map((article) => (
                <ArticleCard key={article.id} article={article} variant="small" />
              ))}
            </div>
          </section>
        </aside>
      </div>
    </>
  );
}
