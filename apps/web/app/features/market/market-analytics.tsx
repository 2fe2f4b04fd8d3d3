import {
  changeDirection,
  formatAnalyticsValue,
  formatChange,
  formatDate,
} from "@aurumwire/shared/format";
import { limits } from "@aurumwire/shared/limits";
import type { MarketAnalyticsCard, MarketAnalyticsData } from "@aurumwire/shared/market";
import { SparkLineChart } from "@mui/x-charts/SparkLineChart";
import { useMarketAnalytics } from "./use-market-data";
import "./market-analytics.css";

// The cards are plain elements with the classes of market-analytics.css rather than MUI Paper,
// Stack and Typography: they are on every home page render, where emotion serialized their styles
// again each time (decision 038). The sparkline stays @mui/x-charts (architecture.md).

/** Where the numbers come from, in words: sample data is never shown as live. */
export function MarketDataSourceNote({
  source,
  updatedAt,
}: {
  source: "live" | "sample";
  updatedAt: string | null;
}) {
  if (source === "sample") {
    return (
      <span className="aw-market-note aw-market-note--sample" data-testid="market-source">
        Sample data: no live market feed is connected.
      </span>
    );
  }
  return (
    <span className="aw-market-note" data-testid="market-source">
      Live data, updated {formatDate(updatedAt, "MMM dd, yyyy HH:mm")} UTC
    </span>
  );
}

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
        // A picture of the figures above: inert keeps the chart's own tab stop out of the way.
        <div className="aw-analytics-card__chart" aria-hidden inert>
          <SparkLineChart
            data={points}
            height={48}
            plotType={card.chartType === "bar" ? "bar" : "line"}
            color={card.color}
            area={card.chartType === "bar" ? undefined : true}
            curve={card.chartType === "bar" ? undefined : "natural"}
            baseline={card.chartType === "bar" ? undefined : "min"}
            yAxis={{ min: low - padding, max: high + padding }}
          />
        </div>
      )}
    </li>
  );
}

/** The Market Analytics sidebar cards (spec: home sidebar), from the data given. */
export function MarketAnalytics({ data }: { data: MarketAnalyticsData | null }) {
  return (
    <section className="aw-analytics" aria-labelledby="market-analytics-heading">
      <h2 id="market-analytics-heading" className="aw-analytics__heading">
        Market Analytics
      </h2>
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
export function LiveMarketAnalytics({ initial }: { initial: MarketAnalyticsData | null }) {
  const data = useMarketAnalytics(initial);
  return <MarketAnalytics data={data} />;
}
