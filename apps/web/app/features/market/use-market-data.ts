import { intervals } from "@aurumwire/shared/limits";
import type {
  MarketAnalyticsData,
  MarketDataResponse,
  MarketsTableData,
  MarketsTableResponse,
  TickerData,
  TickerResponse,
} from "@aurumwire/shared/market";
import { sampleMarketsTableData, sampleTickerData } from "@aurumwire/shared/market-samples";
import { useEffect, useState } from "react";
import { useRefreshingData } from "../../lib/use-refreshing-data";

/** The 12 ticker coins, refreshed every 300 s; the fallback list when the first load fails. */
export function useTickerData(initial: TickerData | null) {
  return useRefreshingData({
    path: "/market-data/ticker",
    intervalMs: intervals.priceTickerRefreshMs,
    initial,
    select: (answer) => (answer as TickerResponse).data,
    fallback: sampleTickerData,
  });
}

/** Market Analytics cards, refreshed every 300000 ms; an empty list when the first load fails. */
export function useMarketAnalytics(initial: MarketAnalyticsData | null) {
  return useRefreshingData({
    path: "/market-data",
    intervalMs: intervals.marketDataRefreshMs,
    initial,
    select: (answer) => (answer as MarketDataResponse).data,
    fallback: (): MarketAnalyticsData => ({
      marketAnalytics: [],
      source: "sample",
      updatedAt: null,
    }),
  });
}

/** The markets table rows, refreshed with the prices; the sample rows when the first load fails. */
export function useMarketsTable(initial: MarketsTableData | null) {
  return useRefreshingData({
    path: "/market-data/markets",
    intervalMs: intervals.priceTickerRefreshMs,
    initial,
    select: (answer) => (answer as MarketsTableResponse).data,
    fallback: sampleMarketsTableData,
  });
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other], copy[index]];
  }
  return copy;
}

/**
 * The list in a new random order every `intervalMs` (spec: reshuffle 30 s). The first render keeps
 * the given order so the server's HTML and the browser's first paint agree.
 */
export function useReshuffled<T>(items: readonly T[] | null, intervalMs: number): T[] | null {
  const [order, setOrder] = useState<T[] | null>(items ? [...items] : null);
  useEffect(() => {
    setOrder(items ? [...items] : null);
    if (!items) return;
    const timer = window.setInterval(() => setOrder(shuffled(items)), intervalMs);
    return () => window.clearInterval(timer);
  }, [items, intervalMs]);
  return order;
}
