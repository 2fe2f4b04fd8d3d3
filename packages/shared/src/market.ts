import { z } from "zod";
import { trackedCoinEntries } from "./coins";
import { limits } from "./limits";
import { marketHistoryMaxCoins, marketHistoryPeriods } from "./market-history";
import { okResponse } from "./ok-response";

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
export const marketDataResponseSchema = okResponse(
  z.object({ marketAnalytics: z.array(marketAnalyticsCardSchema), ...provenance }),
);
export type MarketDataResponse = z.infer<typeof marketDataResponseSchema>;

/** GET /api/market-data/ticker: the 12 coins of the header price ticker. */
export const tickerResponseSchema = okResponse(
  z.object({ coins: z.array(tickerCoinSchema), ...provenance }),
);
export type TickerResponse = z.infer<typeof tickerResponseSchema>;

/** GET /api/market-data/markets: the 'Live Cryptocurrency Prices' table of /markets. */
export const marketsTableResponseSchema = okResponse(
  z.object({ assets: z.array(marketAssetSchema), ...provenance }),
);
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

/** The 12 coins of the header ticker, in market-cap order (their other names: coins.ts). */
export const tickerCoins: readonly TrackedCoin[] = trackedCoinEntries.map(
  ({ id, symbol, name }) => ({
    id,
    symbol,
    name,
  }),
);

/** GET /api/market-data/history: a point of a coin's price history (decision 125). */
export const marketHistoryPointSchema = z.object({
  /** The hour the point stands for (ISO, UTC). */
  t: z.string(),
  price: z.number(),
  marketCap: z.number().nullable(),
  volume: z.number().nullable(),
});
export type MarketHistoryPoint = z.infer<typeof marketHistoryPointSchema>;

export const marketHistorySeriesSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  /** Oldest first; empty while no history is recorded for the coin. */
  points: z.array(marketHistoryPointSchema),
});
export type MarketHistorySeries = z.infer<typeof marketHistorySeriesSchema>;

export const marketHistoryDataSchema = z.object({
  period: z.enum(marketHistoryPeriods),
  /** Hours between two points of the answer (the period's downsampling step). */
  stepHours: z.number(),
  series: z.array(marketHistorySeriesSchema),
  /** The newest point of any coin (ISO); null while there is no history at all. */
  updatedAt: z.string().nullable(),
});
export type MarketHistoryData = z.infer<typeof marketHistoryDataSchema>;

export const marketHistoryResponseSchema = okResponse(marketHistoryDataSchema);
export type MarketHistoryResponse = z.infer<typeof marketHistoryResponseSchema>;

const trackedSymbols = () => tickerCoins.map((coin) => coin.symbol);

/** `?coins=BTC,ETH&period=7d`: 1-12 of the tracked coins (any case), one of the periods. */
export const marketHistoryQuerySchema = z.object({
  coins: z
    .string({
      error: `Name the coins, e.g. coins=BTC,ETH (tracked: ${trackedSymbols().join(", ")})`,
    })
    .max(200, "coins is too long")
    .transform((value) => [
      ...new Set(
        value
          .split(",")
          .map((symbol) => symbol.trim().toUpperCase())
          .filter(Boolean),
      ),
    ])
    .superRefine((symbols, context) => {
      if (symbols.length === 0) {
        context.addIssue({ code: "custom", message: "Name at least one coin, e.g. coins=BTC,ETH" });
        return;
      }
      if (symbols.length > marketHistoryMaxCoins) {
        context.addIssue({
          code: "custom",
          message: `Name at most ${marketHistoryMaxCoins} coins`,
        });
        return;
      }
      const unknown = symbols.filter((symbol) => !trackedSymbols().includes(symbol));
      if (unknown.length > 0) {
        context.addIssue({
          code: "custom",
          message: `No price history is kept for ${unknown.join(", ")}; the tracked coins are ${trackedSymbols().join(", ")}`,
        });
      }
    }),
  period: z.enum(marketHistoryPeriods, {
    error: `period must be one of ${marketHistoryPeriods.join(", ")}`,
  }),
});
export type MarketHistoryQuery = z.infer<typeof marketHistoryQuerySchema>;

// The sample figures and the colours (market-samples.ts) and the history periods
// (market-history.ts) live without zod: the public pages import them, and zod would add ~24 KB (gzipped) to every page's JavaScript (decision 150).
export * from "./market-history";
export * from "./market-samples";
