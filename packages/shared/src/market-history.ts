import type { MarketHistorySeries } from "./market";

// Plain values and functions only, no zod schema: the landing page's browser code imports this
// module (decision 150). The request and answer schemas are in market.ts.

/**
 * The price history of the tracked coins (decision 125): one point per coin per hour, kept for
 * the longest period plus a margin, and answered for one of these periods.
 */
export const marketHistoryPeriods = ["24h", "7d", "30d", "90d"] as const;
export type MarketHistoryPeriod = (typeof marketHistoryPeriods)[number];

export const marketHistoryPeriodLabels: Record<MarketHistoryPeriod, string> = {
  "24h": "24 hours",
  "7d": "7 days",
  "30d": "30 days",
  "90d": "90 days",
};

/** How many hours each period looks back. */
export const marketHistoryPeriodHours: Record<MarketHistoryPeriod, number> = {
  "24h": 24,
  "7d": 7 * 24,
  "30d": 30 * 24,
  "90d": 90 * 24,
};

/**
 * One point per this many hours in an answer (the last one of each UTC-aligned step): at most
 * 180 points per coin for any period (24, 168, 180, 180).
 */
export const marketHistoryStepHours: Record<MarketHistoryPeriod, number> = {
  "24h": 1,
  "7d": 1,
  "30d": 4,
  "90d": 12,
};

/** Points older than this are deleted: the longest period and two days of margin. */
export const marketHistoryRetentionDays = 92;

/** How many coins one history request may name (all the tracked coins). */
export const marketHistoryMaxCoins = 12;

/** What a chart plots of a point. */
export type MarketHistoryMetric = "price" | "change" | "marketCap" | "volume";

/**
 * One coin's line over the period: the price, market cap or volume as they were, or for "change"
 * the percentage move since the coin's first point of the period (so coins of any price compare).
 * Null where the point has no such figure.
 */
export function historyLine(
  series: MarketHistorySeries,
  metric: MarketHistoryMetric,
): Array<{ t: number; value: number | null }> {
  const base = series.points.find((point) => point.price > 0)?.price;
  return series.points.map((point) => {
    const t = Date.parse(point.t);
    if (metric === "change") {
      return { t, value: base ? ((point.price - base) / base) * 100 : null };
    }
    return { t, value: point[metric] };
  });
}
