import type { AppLoadContext } from "react-router";

/**
 * Loader helpers: market data straight from the server's in-memory cache (no HTTP), for the
 * first server-rendered paint. The components refresh themselves afterwards.
 */
export function loadTicker(context: AppLoadContext) {
  return context.services.marketData.getTicker();
}

export function loadMarketAnalytics(context: AppLoadContext) {
  return context.services.marketData.getMarketAnalytics();
}

export function loadMarketsTable(context: AppLoadContext) {
  return context.services.marketData.getMarketsTable();
}
