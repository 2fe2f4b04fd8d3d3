import type { LandingChart } from "@aurumwire/shared/landing-page";
import {
  landingChartDescription,
  landingChartMetricLabel,
} from "@aurumwire/shared/landing-page-display";
import type {
  MarketHistoryData,
  MarketHistoryPeriod,
  MarketsTableData,
} from "@aurumwire/shared/market";
import {
  historyLine,
  marketHistoryPeriodHours,
  marketHistoryPeriodLabels,
} from "@aurumwire/shared/market-history";
import { lazy, Suspense } from "react";
import { formatSignedChange } from "../../lib/numbers";

/*
 * The landing page's chart cards (decision 125): a bar per coin of the latest figures, or a line
 * per coin over a period of the price history. The chart drawing itself is in its own chunks,
 * loaded when a card is shown, so a landing page without charts loads no chart code.
 */
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

export function ChartCard({
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
