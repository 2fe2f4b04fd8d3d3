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

/** The classes a section has besides `aw-section`. */
const sectionClasses: Partial<Record<LandingBlock<LandingArticle>["type"], string>> = {
  hero: "aw-landing-hero",
  market_analytics: "aw-landing-analytics",
};

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
  if (block.type === "custom_charts" && block.charts.length === 0) return null;
  const headingId = `landing-section-${block.id}`;
  const extraClass = sectionClasses[block.type];
  return (
    <section
      className={extraClass ? `aw-section ${extraClass}` : "aw-section"}
      aria-labelledby={headingId}
      data-section-type={block.type}
    >
      {/* The hero's title names the section for assistive technology; its articles show. */}
      <h2
        id={headingId}
        className={block.type === "hero" ? "aw-visually-hidden" : "aw-section__title"}
      >
        {block.title}
      </h2>
      <SectionBody block={block} slots={slots} first={first} headingId={headingId} />
    </section>
  );
}

/** What a section shows under its heading. */
function SectionBody<CardArticle extends LandingArticle>({
  block,
  slots,
  first,
  headingId,
}: {
  block: LandingBlock<CardArticle>;
  slots: LandingSlots<CardArticle>;
  first: boolean;
  headingId: string;
}) {
  switch (block.type) {
    case "hero":
      return (
        <>
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
        </>
      );
    case "featured_articles":
      return (
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
      );
    case "latest_news":
    case "trending":
      return block.articles.length === 0 ? (
        <p className="aw-empty">No articles available</p>
      ) : (
        <div className={block.type === "trending" ? "aw-landing-list" : "aw-grid aw-grid--3"}>
          {block.articles.map((article) => (
            <div key={article.id}>
              {slots.article(article, block.type === "trending" ? "small" : "grid")}
            </div>
          ))}
        </div>
      );
    case "market_analytics":
      // The spec's 4 'Market Analysis' items (analysis articles), the News Sentiment Index and
      // the market cards, under a heading like every other section's.
      return (
        <>
          {block.articles.length > 0 && (
            <div className="aw-grid aw-grid--4 aw-landing-analysis">
              {block.articles.map((article) => (
                <div key={article.id}>{slots.article(article, "grid")}</div>
              ))}
            </div>
          )}
          {block.sentiment && slots.sentiment(block.sentiment)}
          {slots.analytics(block.analytics)}
        </>
      );
    case "breaking_news":
      return slots.news(block.news);
    case "custom_charts":
      return (
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
      );
  }
}
