import type { LandingChart } from "@aurumwire/shared/landing-page";
import {
  landingChartDescription,
  landingChartMetricLabel,
} from "@aurumwire/shared/landing-page-display";
import type {
  MarketAnalyticsData,
  MarketHistoryData,
  MarketHistoryPeriod,
  MarketsTableData,
} from "@aurumwire/shared/market";
import {
  historyLine,
  marketHistoryPeriodHours,
  marketHistoryPeriodLabels,
} from "@aurumwire/shared/market-history";
import type { NewsTickerResponse } from "@aurumwire/shared/news";
import { lazy, type ReactNode, Suspense } from "react";
import { Footer, type FooterColumn } from "../../components/layout/footer";
import { SiteLink } from "../../components/site-link";
import { formatSignedChange } from "../../lib/numbers";
import type {
  LandingArticle,
  LandingBlock,
  LandingPageData,
  LandingSentimentIndex,
} from "./compose-landing-page";
import "./landing.css";
import { SkipLink } from "../../components/skip-link";

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

const footerColumns: FooterColumn[] = [
  {
    title: "Company",
    links: [
      { label: "About Us", to: "/about" },
      { label: "Careers", to: "/careers" },
      { label: "Contact", to: "/contact" },
      { label: "Advertise", to: "/advertise" },
    ],
  },
  {
    title: "Products",
    links: [
      { label: "News", to: "/articles" },
      { label: "Markets", to: "/markets" },
      { label: "Market Analysis", to: "/analysis" },
      { label: "Trending", to: "/trending" },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: "Privacy Policy", to: "/privacy" },
      { label: "Terms of Service", to: "/terms" },
      { label: "Cookie Policy", to: "/cookies" },
      { label: "Disclaimer", to: "/disclaimer" },
    ],
  },
  {
    title: "Resources",
    links: [
      { label: "Categories", to: "/categories" },
      { label: "RSS Feed", to: "/rss.xml", document: true },
      { label: "Sitemap", to: "/sitemap.xml", document: true },
      { label: "Public API", to: "/public/docs", document: true },
    ],
  },
];

const LandingBarChart = lazy(() => import("./landing-bar-chart"));
const LandingLineChart = lazy(() => import("./landing-line-chart"));

/** A line colour per coin of a period chart, readable on the dark card. */
const lineColors = [
  "#FFD700",
  "#4FC3F7",
  "#66BB6A",
  "#FFA726",
  "#F06292",
  "#BA68C8",
  "#4DB6AC",
  "#E0E0E0",
  "#EF5350",
  "#D4E157",
  "#7986CB",
  "#A1887F",
];

/** A bar per coin of the latest figures. */
function LatestChart({
  chart,
  markets,
}: {
  chart: LandingChart;
  markets: MarketsTableData | null;
}) {
  const rows = chart.coins
    .map((symbol) => markets?.assets.find((asset) => asset.symbol.toUpperCase() === symbol))
    .filter((asset) => asset !== undefined);
  const values = rows.map((asset) => asset[chart.metric]);
  if (!values.some((value) => value !== null)) {
    return <p className="aw-landing-chart__empty">No market data for these coins yet.</p>;
  }
  return (
    <Suspense fallback={<div style={{ height: 220 }} />}>
      <LandingBarChart
        labels={rows.map((asset) => asset.symbol)}
        values={values}
        seriesLabel={landingChartMetricLabel(chart)}
      />
    </Suspense>
  );
}

/**
 * A line per coin over the chart's period, from the price history (decision 125), with a legend
 * that also says each coin's move over the period. Without history it says so rather than
 * drawing nothing or anything made up.
 */
function PeriodChart({
  chart,
  period,
  history,
  live,
}: {
  chart: LandingChart;
  period: MarketHistoryPeriod;
  history: MarketHistoryData | null | undefined;
  live: boolean;
}) {
  const series = chart.coins.flatMap((symbol) => {
    const found = history?.series.find((candidate) => candidate.symbol === symbol);
    return found && found.points.length > 1 ? [found] : [];
  });
  const without = chart.coins.filter((symbol) => !series.some((coin) => coin.symbol === symbol));
  if (!history || series.length === 0) {
    return (
      <p className="aw-landing-chart__empty">
        {live
          ? "No price history yet for these coins: it builds up with the live market feed's updates."
          : "No price history yet: it builds up once the live market feed is connected."}
      </p>
    );
  }
  const lines = series.map((coin) => ({ coin, points: historyLine(coin, chart.metric) }));
  const times = [...new Set(lines.flatMap((line) => line.points.map((point) => point.t)))].sort(
    (a, b) => a - b,
  );
  const legend = lines.map(({ coin }, index) => {
    const change = historyLine(coin, "change").at(-1)?.value ?? null;
    return { symbol: coin.symbol, color: lineColors[index % lineColors.length]!, change };
  });
  return (
    <>
      <Suspense fallback={<div style={{ height: 220 }} />}>
        <LandingLineChart
          times={times}
          unit={chart.metric === "change" ? "percent" : "usd"}
          spanHours={marketHistoryPeriodHours[period]}
          series={lines.map(({ coin, points }, index) => {
            const byTime = new Map(points.map((point) => [point.t, point.value]));
            return {
              label: coin.symbol,
              color: legend[index]!.color,
              data: times.map((at) => byTime.get(at) ?? null),
            };
          })}
        />
      </Suspense>
      <ul
        className="aw-landing-chart__legend"
        aria-label={`Change over ${marketHistoryPeriodLabels[period]}`}
      >
        {legend.map((entry) => (
          <li key={entry.symbol}>
            <span
              className="aw-landing-chart__swatch"
              style={{ background: entry.color }}
              aria-hidden="true"
            />
            {entry.symbol}
            {entry.change !== null && (
              <span className="aw-landing-chart__change">{formatSignedChange(entry.change)}%</span>
            )}
          </li>
        ))}
        {without.length > 0 && (
          <li className="aw-landing-chart__change">{without.join(", ")}: no history yet</li>
        )}
      </ul>
    </>
  );
}

function ChartCard({
  chart,
  markets,
  histories,
}: {
  chart: LandingChart;
  markets: MarketsTableData | null;
  histories: Partial<Record<MarketHistoryPeriod, MarketHistoryData | null>>;
}) {
  const period = chart.period;
  return (
    <figure className="aw-landing-chart" data-chart-period={period}>
      <figcaption className="aw-landing-chart__title">
        {chart.title}
        <span className="aw-landing-chart__metric">
          {period === "latest" ? landingChartMetricLabel(chart) : landingChartDescription(chart)}
        </span>
      </figcaption>
      {period === "latest" ? (
        <LatestChart chart={chart} markets={markets} />
      ) : (
        <PeriodChart
          chart={chart}
          period={period}
          history={histories[period]}
          live={markets?.source === "live"}
        />
      )}
      {period === "latest" && markets?.source === "sample" && (
        <p className="aw-landing-chart__note">Sample data: no live market feed is connected.</p>
      )}
    </figure>
  );
}

function Block<CardArticle extends LandingArticle>({
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

/**
 * The alternate landing layout (spec point 2; decision 120): its own top bar with search and
 * category links, the editor's banner, the manager's active sections in order, the Daily
 * Newsletter box and a footer with Company, Products, Legal and Resources columns.
 */
export function LandingLayout<CardArticle extends LandingArticle>({
  data,
  siteName,
  slots,
  embedded = false,
}: {
  data: LandingPageData<CardArticle>;
  siteName: string;
  slots: LandingSlots<CardArticle>;
  /**
   * Shown inside another page (the manager's Preview): that page owns the h1 and the landmarks,
   * so the layout's header, main and footer become plain boxes and its title an h2.
   */
  embedded?: boolean;
}) {
  const { content } = data;
  const Header = embedded ? "div" : "header";
  const Main = embedded ? "div" : "main";
  const Title = embedded ? "h2" : "h1";
  return (
    <div className="aw-landing">
      {!embedded && <SkipLink />}
      <Header className="aw-landing-top">
        <div className="aw-container aw-landing-top__bar">
          <SiteLink to="/" className="aw-landing-top__brand">
            {siteName}
          </SiteLink>
          <form className="aw-landing-search" method="get" action="/search" role="search">
            <label className="aw-visually-hidden" htmlFor="landing-search">
              Search articles
            </label>
            <input
              id="landing-search"
              type="search"
              name="q"
              placeholder="Search crypto news..."
              required
            />
            <button type="submit">Search</button>
          </form>
          <SiteLink to="/login" className="aw-landing-top__login">
            Login
          </SiteLink>
        </div>
        {data.categories.length > 0 && (
          <nav className="aw-container aw-landing-categories" aria-label="Categories">
            {data.categories.map((category) => (
              <SiteLink key={category.id} to={`/category/${category.slug}`}>
                {category.name}
              </SiteLink>
            ))}
          </nav>
        )}
      </Header>
      <Main
        className="aw-container aw-main"
        {...(embedded ? {} : { id: "main-content", tabIndex: -1 })}
      >
        <section className="aw-landing-banner" aria-labelledby="landing-banner-title">
          <Title id="landing-banner-title" className="aw-landing-banner__title">
            {content.heroTitle}
          </Title>
          {content.heroSubtitle && (
            <p className="aw-landing-banner__subtitle">{content.heroSubtitle}</p>
          )}
          <div className="aw-landing-banner__buttons">
            {content.primaryButtonText && content.primaryButtonLink && (
              <SiteLink to={content.primaryButtonLink} className="aw-landing-button">
                {content.primaryButtonText}
              </SiteLink>
            )}
            {content.secondaryButtonText && content.secondaryButtonLink && (
              <SiteLink
                to={content.secondaryButtonLink}
                className="aw-landing-button aw-landing-button--outline"
              >
                {content.secondaryButtonText}
              </SiteLink>
            )}
          </div>
        </section>
        {data.error && (
          <div className="aw-alert" role="alert" style={{ marginBottom: 24 }}>
            {data.error}
          </div>
        )}
        {data.blocks.map((block, index) => (
          <Block key={block.id} block={block} slots={slots} first={index === 0} />
        ))}
        {slots.newsletter}
        {(content.aboutTitle || content.aboutContent) && (
          <section className="aw-section aw-landing-about" aria-labelledby="landing-about-title">
            <h2 id="landing-about-title" className="aw-section__title">
              {content.aboutTitle}
            </h2>
            <p>{content.aboutContent}</p>
          </section>
        )}
      </Main>
      <Footer siteName={siteName} columns={footerColumns} columnsAsNav embedded={embedded} />
    </div>
  );
}
