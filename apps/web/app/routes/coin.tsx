import { coinBySlug, coinPath } from "@aurumwire/shared/coins";
import {
  changeDirection,
  formatChange,
  formatCompactUsd,
  formatDate,
  formatTickerPrice,
} from "@aurumwire/shared/format";
import { type MarketHistoryPeriod, marketHistoryPeriods } from "@aurumwire/shared/market-history";
import { data, Link } from "react-router";
import { PageHeading } from "../components/page-heading";
import { Breadcrumb } from "../features/articles/breadcrumb";
import { MarketDataSourceNote } from "../features/market/market-source-note";
import { LineChart } from "../features/sentiment/line-chart";
import { SentimentChip } from "../features/sentiment/sentiment-chip";
import { SentimentGauge } from "../features/sentiment/sentiment-gauge";
import { readingPage } from "../lib/reading-page";
import { absoluteUrl, breadcrumbJsonLd, seoMeta, siteFrom } from "../lib/seo";
import type { Route } from "./+types/coin";

/**
 * A tracked coin's page (issue 30, decision 194): price, 24 h change, market cap and volume, the
 * price chart over 24 h to 90 days from our price history, the News Sentiment gauge with its
 * 30-day line, and the latest articles and breaking news about the coin with their sentiment.
 */
export const handle = readingPage;

const defaultPeriod: MarketHistoryPeriod = "7d";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const coin = coinBySlug(params.slug);
  if (!coin) throw data("Coin not found", { status: 404 });
  const asked = new URL(request.url).searchParams.get("period");
  const period = (marketHistoryPeriods as readonly string[]).includes(asked ?? "")
    ? (asked as MarketHistoryPeriod)
    : defaultPeriod;
  const { marketData, sentiment } = context.services;
  const [coverage, history] = await Promise.all([
    sentiment.coin(coin.slug),
    marketData.history([coin.symbol], period).catch(() => null),
  ]);
  const ticker = marketData.getTicker();
  const table = marketData.getMarketsTable();
  const quote = ticker.coins.find((entry) => entry.symbol === coin.symbol);
  const asset = table.assets.find((entry) => entry.symbol === coin.symbol);
  const points = history?.series[0]?.points ?? [];
  // The built-in sample figures (spec 8) are labelled as such, never passed off as live.
  const sample = ticker.source === "sample" || table.source === "sample";
  return {
    coin: { slug: coin.slug, symbol: coin.symbol, name: coin.name },
    period,
    source: sample ? ("sample" as const) : ("live" as const),
    updatedAt: ticker.updatedAt ?? table.updatedAt,
    price: quote?.price ?? asset?.price ?? null,
    change24h: quote?.change24h ?? asset?.change ?? null,
    marketCap: asset?.marketCap ?? points.at(-1)?.marketCap ?? null,
    volume: asset?.volume ?? points.at(-1)?.volume ?? null,
    prices: points.map((point) => point.price),
    sentiment: coverage.coin,
    articles: coverage.articles,
    news: coverage.news,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { coin, sentiment } = loaderData;
  const { publicUrl } = siteFrom(matches);
  const path = coinPath(coin);
  const mood =
    sentiment.index === null
      ? "news sentiment where coverage allows"
      : `News Sentiment ${sentiment.index}/100 (${sentiment.label})`;
  return seoMeta({
    matches,
    title: `${coin.name} (${coin.symbol}) price, chart and news sentiment`,
    description: `${coin.name} (${coin.symbol}) live price, 24h change, market cap and volume, price chart from 24 hours to 90 days, ${mood}, and the latest ${coin.name} news.`,
    path,
    extra: [
      breadcrumbJsonLd(publicUrl, [
        { name: "Home", path: "/" },
        { name: "Markets", path: "/markets" },
        { name: coin.name, path },
      ]),
      {
        "script:ld+json": {
          "@context": "https://schema.org",
          "@type": "WebPage",
          name: `${coin.name} (${coin.symbol})`,
          url: absoluteUrl(publicUrl, path),
          about: { "@type": "Thing", name: coin.name, alternateName: coin.symbol },
        },
      },
    ],
  });
};

/** The price, 24 h change, market cap and volume cards, marked when they are sample figures. */
export function CoinFigures({
  figures,
  source,
  updatedAt,
}: {
  figures: {
    price: number | null;
    change24h: number | null;
    marketCap: number | null;
    volume: number | null;
  };
  source: "live" | "sample";
  updatedAt: string | null;
}) {
  const sample = source === "sample";
  const mark = sample ? <span className="coin-figure-sample">Sample</span> : null;
  const direction = changeDirection(figures.change24h);
  return (
    <section className="coin-market" aria-label="Market data">
      <div className="coin-market-title">
        {sample && <span className="coin-sample-badge">Sample data</span>}
        <MarketDataSourceNote source={source} updatedAt={updatedAt} />
      </div>
      <dl className="coin-figures">
        <div>
          <dt>Price {mark}</dt>
          <dd>{formatTickerPrice(figures.price)}</dd>
        </div>
        <div>
          <dt>24h change {mark}</dt>
          <dd className={`aw-change-${direction}`}>{formatChange(figures.change24h)}</dd>
        </div>
        <div>
          <dt>Market cap {mark}</dt>
          <dd>{formatCompactUsd(figures.marketCap)}</dd>
        </div>
        <div>
          <dt>Volume (24h) {mark}</dt>
          <dd>{formatCompactUsd(figures.volume)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** "Nov 27" for a history day (YYYY-MM-DD). */
const shortDay = (day: string | undefined) => (day ? formatDate(`${day}T12:00:00Z`, "MMM dd") : "");

export default function CoinPage({ loaderData }: Route.ComponentProps) {
  const {
    coin,
    period,
    source,
    updatedAt,
    price,
    change24h,
    marketCap,
    volume,
    prices,
    sentiment,
    articles,
    news,
  } = loaderData;
  const path = coinPath(coin);
  const covered = sentiment.history.filter((point) => point.index !== null).length;
  return (
    <div className="coin-page">
      <Breadcrumb
        items={[
          { name: "Home", path: "/" },
          { name: "Markets", path: "/markets" },
          { name: coin.name, path },
        ]}
      />
      <PageHeading
        title={`${coin.name} (${coin.symbol})`}
        subtitle={`${coin.name} price, chart and what our news says about it.`}
      />
      <CoinFigures
        figures={{ price, change24h, marketCap, volume }}
        source={source}
        updatedAt={updatedAt}
      />
      <div className="coin-panels coin-panels-top">
        <section className="coin-panel" aria-labelledby="coin-chart-heading">
          <h2 id="coin-chart-heading">Price chart</h2>
          <nav className="coin-periods" aria-label="Chart period">
            {marketHistoryPeriods.map((option) => (
              <Link
                key={option}
                to={option === defaultPeriod ? path : `${path}?period=${option}`}
                aria-current={option === period ? "page" : undefined}
                preventScrollReset
              >
                {option}
              </Link>
            ))}
          </nav>
          <LineChart
            points={prices}
            label={`${coin.name} price over ${period}`}
            className="line-chart-box coin-price-chart"
            empty={
              source === "sample"
                ? "No price history: the chart appears once a live market feed is connected."
                : "Not enough data for a chart yet."
            }
          />
        </section>
        <section className="coin-panel" aria-labelledby="coin-sentiment-heading">
          <h2 id="coin-sentiment-heading">News Sentiment</h2>
          <SentimentGauge index={sentiment.index} coverage={sentiment.coverage} />
          <h3 className="coin-sentiment-line-title">Last 30 days</h3>
          <LineChart
            points={sentiment.history.map((point) => point.index)}
            label={`${coin.name} News Sentiment per day over 30 days, ${covered} of 30 days with coverage`}
            className="line-chart-box coin-sentiment-line"
            min={0}
            max={100}
            guide={50}
            minPoints={1}
            start={shortDay(sentiment.history[0]?.day)}
            end="Today"
            empty="No coverage in the last 30 days."
          />
          <p className="line-chart-note">
            {covered} of 30 days with coverage; the dashed line is neutral (50).
          </p>
          <p className="coin-disclaimer">
            From our own articles and breaking news, not advice.{" "}
            <Link to="/sentiment">How it is computed</Link>
          </p>
        </section>
      </div>
      <div className="coin-panels">
        <section className="coin-panel" aria-labelledby="coin-articles-heading">
          <h2 id="coin-articles-heading">Latest {coin.name} articles</h2>
          {articles.length === 0 ? (
            <p>No articles about {coin.name} in the last 30 days.</p>
          ) : (
            <ul className="coin-news">
              {articles.map((article) => (
                <li key={article.id}>
                  <span>
                    <Link to={`/article/${article.slug}`}>{article.title}</Link>{" "}
                    <small>{formatDate(article.publishedAt)}</small>
                  </span>
                  <SentimentChip label={article.label} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="coin-panel" aria-labelledby="coin-breaking-heading">
          <h2 id="coin-breaking-heading">Breaking news</h2>
          {news.length === 0 ? (
            <p>No breaking news about {coin.name} in the last 30 days.</p>
          ) : (
            <ul className="coin-news">
              {news.map((item) => (
                <li key={item.id}>
                  <span>
                    {item.link ? <a href={item.link}>{item.title}</a> : item.title}{" "}
                    <small>{item.source}</small>
                  </span>
                  <SentimentChip label={item.label} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
