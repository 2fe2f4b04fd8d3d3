import { changeDirection, formatAnalyticsValue, formatChange } from "@aurumwire/shared/format";
import { limits } from "@aurumwire/shared/limits";
import type { MarketAnalyticsCard, MarketAnalyticsData } from "@aurumwire/shared/market";
import { lazy } from "react";
import { WhenVisible } from "../../lib/when-visible";
import { MarketDataSourceNote } from "./market-source-note";
import { useMarketAnalytics } from "./use-market-data";
import "./market-analytics.css";

/**
 * The sparkline (@mui/x-charts, ~85 KB gzipped) in a chunk of its own, drawn when its card comes
 * into view (WhenVisible). The server never drew it: x-charts measures its box in the browser and
 * sent an empty SVG (decision 150).
 */
const Sparkline = lazy(() => import("./sparkline"));

// The cards are plain elements with the classes of market-analytics.css rather than MUI Paper,
// Stack and Typography: they are on every home page render, where emotion serialized their styles
// again each time (decision 038). The sparkline stays @mui/x-charts (architecture.md).

function AnalyticsCard({ card }: { card: MarketAnalyticsCard }) {
  const direction = changeDirection(card.change);
  const points = card.sparkline.slice(0, limits.sparklinePoints);
  // A day's move is a few percent: scale the axis to the data, or every bar looks the same.
  const low = Math.min(...points);
  const high = Math.max(...points);
  const padding = (high - low) * 0.15 || Math.abs(high) * 0.01;
  return (
    <li className="aw-analytics-card" aria-label={card.title}>
      <span className="aw-analytics-card__title">{card.title}</span>
      <div className="aw-analytics-card__figures">
        <p className="aw-analytics-card__value">{formatAnalyticsValue(card.value)}</p>
        <p className={`aw-analytics-card__change aw-analytics-card__change--${direction}`}>
          {formatChange(card.change)}
        </p>
      </div>
      {points.length > 1 && (
        <WhenVisible className="aw-analytics-card__chart">
          <Sparkline
            points={points}
            color={card.color}
            bar={card.chartType === "bar"}
            min={low - padding}
            max={high + padding}
          />
        </WhenVisible>
      )}
    </li>
  );
}

/** The Market Analytics sidebar cards (spec: home sidebar), from the data given. */
export function MarketAnalytics({
  data,
  heading: Heading = "h2",
}: {
  data: MarketAnalyticsData | null;
  /** h3 inside a section of its own (the landing page's Market Analysis block). */
  heading?: "h2" | "h3";
}) {
  return (
    <section className="aw-analytics" aria-labelledby="market-analytics-heading">
      <Heading id="market-analytics-heading" className="aw-analytics__heading">
        Market Analytics
      </Heading>
      {data ? (
        <MarketDataSourceNote source={data.source} updatedAt={data.updatedAt} />
      ) : (
        <span className="aw-market-note">Loading market data...</span>
      )}
      <ul className="aw-analytics__cards">
        {data?.marketAnalytics.map((card) => (
          <AnalyticsCard key={card.title} card={card} />
        ))}
      </ul>
    </section>
  );
}

/** Market Analytics with its data: the server's first answer, refreshed every 300000 ms. */
export function LiveMarketAnalytics({
  initial,
  heading,
}: {
  initial: MarketAnalyticsData | null;
  heading?: "h2" | "h3";
}) {
  const data = useMarketAnalytics(initial);
  return <MarketAnalytics data={data} heading={heading} />;
}
