import { z } from "zod";
import { limits } from "./limits";

/**
 * Market data shapes (spec points 3 and 7) and the built-in sample data of spec point 8. Every
 * answer says where its numbers come from: "live" (the configured price provider) or "sample"
 * (the built-in list below), so no page presents sample numbers as live.
 */
export const marketSources = ["live", "sample"] as const;
export const marketSourceSchema = z.enum(marketSources);
export type MarketSource = z.infer<typeof marketSourceSchema>;

/** Ticker crypto item (spec 3); a change the provider did not give is null (shown as N/A). */
export const tickerCoinSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  price: z.number(),
  change24h: z.number().nullable(),
});
export type TickerCoin = z.infer<typeof tickerCoinSchema>;

export const chartTypes = ["line", "bar"] as const;

/** Market analytics chart card (spec 3); the sparkline has at most 24 points. */
export const marketAnalyticsCardSchema = z.object({
  title: z.string(),
  value: z.number(),
  change: z.number(),
  color: z.string(),
  chartType: z.enum(chartTypes),
  sparkline: z.array(z.number()).max(limits.sparklinePoints),
});
export type MarketAnalyticsCard = z.infer<typeof marketAnalyticsCardSchema>;

/** A row of the markets table (spec 3 "Market asset"); null numbers read N/A. */
export const marketAssetSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  price: z.number().nullable(),
  change: z.number().nullable(),
  marketCap: z.number().nullable(),
  volume: z.number().nullable(),
});
export type MarketAsset = z.infer<typeof marketAssetSchema>;

const provenance = {
  source: marketSourceSchema,
  /** When the provider answered (ISO); null for sample data. */
  updatedAt: z.string().nullable(),
};

/** GET /api/market-data (spec 7), plus where the numbers come from. */
export const marketDataResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ marketAnalytics: z.array(marketAnalyticsCardSchema), ...provenance }),
});
export type MarketDataResponse = z.infer<typeof marketDataResponseSchema>;

/** GET /api/market-data/ticker: the 12 coins of the header price ticker. */
export const tickerResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ coins: z.array(tickerCoinSchema), ...provenance }),
});
export type TickerResponse = z.infer<typeof tickerResponseSchema>;

/** GET /api/market-data/markets: the 'Live Cryptocurrency Prices' table of /markets. */
export const marketsTableResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ assets: z.array(marketAssetSchema), ...provenance }),
});
export type MarketsTableResponse = z.infer<typeof marketsTableResponseSchema>;

export type TickerData = TickerResponse["data"];
export type MarketAnalyticsData = MarketDataResponse["data"];
export type MarketsTableData = MarketsTableResponse["data"];

/** A tracked coin: its provider id (CoinGecko ids) and how we show it. */
export interface TrackedCoin {
  id: string;
  symbol: string;
  name: string;
}

/** The 12 coins of the header ticker, in market-cap order. */
export const tickerCoins: readonly TrackedCoin[] = [
  { id: "bitcoin", symbol: "BTC", name: "Bitcoin" },
  { id: "ethereum", symbol: "ETH", name: "Ethereum" },
  { id: "ripple", symbol: "XRP", name: "XRP" },
  { id: "binancecoin", symbol: "BNB", name: "BNB" },
  { id: "solana", symbol: "SOL", name: "Solana" },
  { id: "cardano", symbol: "ADA", name: "Cardano" },
  { id: "avalanche-2", symbol: "AVAX", name: "Avalanche" },
  { id: "polkadot", symbol: "DOT", name: "Polkadot" },
  { id: "dogecoin", symbol: "DOGE", name: "Dogecoin" },
  { id: "tron", symbol: "TRX", name: "TRON" },
  { id: "chainlink", symbol: "LINK", name: "Chainlink" },
  { id: "litecoin", symbol: "LTC", name: "Litecoin" },
];

// The sample figures and the colours live in market-samples.ts, without zod: the public pages
// import them, and zod would add ~24 KB (gzipped) to every page's JavaScript (decision 150).
export * from "./market-samples";
