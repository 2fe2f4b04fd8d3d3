import type { MarketAnalyticsData } from "@aurumwire/shared/market";
import type { NewsTickerResponse } from "@aurumwire/shared/news";
import type { ReactNode } from "react";
import type { LandingArticle, LandingBlock, LandingSentimentIndex } from "./compose-landing-page";
import { ChartCard } from "./landing-charts";

/** The parts of other features the layout shows, handed in by the route that composes them. */
export interface LandingSlots<CardArticle extends LandingArticle> {
  /** `priority`: the page's LCP image (the hero of the first section), preloaded at once. */
  article(article: CardArticle, variant: "hero" | "grid" | "small", priority?: boolean): ReactNode;
  analytics(data: MarketAnalyticsData | null): ReactNode;
  news(data: NewsTickerResponse | null): ReactNode;
  /** The News Sentiment Index in the Market Analysis block (issue 30). */
  sentiment(index: LandingSentimentIndex): ReactNode;
  newsletter: ReactNode;
}

/**
 * One section of the landing page as the Landing Page Manager arranged it (the hero, featured
 * articles, latest news or trending, market analytics, breaking news, custom charts); the parts of
 * other features come through `slots`.
 */
export function LandingSection<CardArticle extends LandingArticle>({
  block,
  slots,
  first,
}: {
  block: LandingBlock<CardArticle>;
  slots: LandingSlots<CardArticle>;
  /** The first section under the banner: its hero image is the page's largest in the first screen. */
  first: boolean;
}) {
  const headingId = `landing-section-${block.id}`;
  const heading = (
    <h2 id={headingId} className="aw-section__title">
      {block.title}
    </h2>
  );
  switch (block.type) {
    case "hero":
      return (
        <section
          className="aw-section aw-landing-hero"
          aria-labelledby={headingId}
          data-section-type="hero"
        >
          <h2 id={headingId} className="aw-visually-hidden">
            {block.title}
          </h2>
          {block.hero && (
            <div className="aw-landing-hero__main">{slots.article(block.hero, "hero", first)}</div>
          )}
          {block.secondary.length > 0 && (
            <div className="aw-landing-hero__secondary">
              {block.secondary.map((article) => (
                <div key={article.id}>{slots.article(article, "small")}</div>
              ))}
            </div>
          )}
        </section>
      );
    case "featured_articles":
      return (
        <section
          className="aw-section"
          aria-labelledby={headingId}
          data-section-type="featured_articles"
        >
          {heading}
          <ol className="aw-landing-picks" aria-labelledby={headingId}>
            {block.picks.map((article, index) => (
              <li key={article.id} className="aw-landing-picks__item">
                <span className="aw-landing-picks__number" aria-hidden="true">
                  {String(index + 1).padStart(2, "0")}
                </span>
                {slots.article(article, "small")}
              </li>
            ))}
          </ol>
        </section>
      );
    case "latest_news":
    case "trending":
      return (
        <section className="aw-section" aria-labelledby={headingId} data-section-type={block.type}>
          {heading}
          {block.articles.length === 0 ? (
            <p className="aw-empty">No articles available</p>
          ) : (
            <div className={block.type === "trending" ? "aw-landing-list" : "aw-grid aw-grid--3"}>
              {block.articles.map((article) => (
                <div key={article.id}>
                  {slots.article(article, block.type === "trending" ? "small" : "grid")}
                </div>
              ))}
            </div>
          )}
        </section>
      );
    case "market_analytics":
      // The spec's 4 'Market Analysis' items (analysis articles), the News Sentiment Index and
      // the market cards, under a heading like every other section's.
      return (
        <section
          className="aw-section aw-landing-analytics"
          aria-labelledby={headingId}
          data-section-type="market_analytics"
        >
          {heading}
          {block.articles.length > 0 && (
            <div className="aw-grid aw-grid--4 aw-landing-analysis">
              {block.articles.map((article) => (
                <div key={article.id}>{slots.article(article, "grid")}</div>
              ))}
            </div>
          )}
          {block.sentiment && slots.sentiment(block.sentiment)}
          {slots.analytics(block.analytics)}
        </section>
      );
    case "breaking_news":
      return (
        <section
          className="aw-section"
          aria-labelledby={headingId}
          data-section-type="breaking_news"
        >
          {heading}
          {slots.news(block.news)}
        </section>
      );
    case "custom_charts":
      if (block.charts.length === 0) return null;
      return (
        <section
          className="aw-section"
          aria-labelledby={headingId}
          data-section-type="custom_charts"
        >
          {heading}
          <div className="aw-landing-charts">
            {block.charts.map((chart) => (
              <ChartCard
                key={chart.id}
                chart={chart}
                markets={block.markets}
                histories={block.histories}
              />
            ))}
          </div>
        </section>
      );
  }
}
