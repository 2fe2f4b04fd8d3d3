import { limits } from "./limits";
import type {
  MarketAnalyticsCard,
  MarketAnalyticsData,
  MarketAsset,
  MarketsTableData,
  TickerData,
} from "./market";

// Plain values and functions only, no zod schema: the browser imports this module (decision 150).

/** The 8 assets of the markets table (spec 2, Markets page), in the spec's order. */
export const marketsTableSymbols = ["BTC", "ETH", "XRP", "BNB", "SOL", "ADA", "AVAX", "DOT"];

/** Coins with a price card in Market Analytics (after the total market cap card). */
export const analyticsCoinSymbols = ["BTC", "ETH", "SOL"];

export const marketColors = { up: "#2ECC71", down: "#F44336", flat: "#FFD700" } as const;

export function colorForChange(change: number): string {
  return change > 0 ? marketColors.up : change < 0 ? marketColors.down : marketColors.flat;
}

/**
 * Built-in sample figures (spec 8: "a built-in fallback list of 12 coins with prices and
 * changes"). Illustrative numbers, not quotes: every answer built from them says source "sample".
 */
export const sampleCoins: readonly (Omit<MarketAsset, "price" | "change"> & {
  price: number;
  change: number;
})[] = [
  { symbol: "BTC", name: "Bitcoin", price: 43250, change: 2.45, marketCap: 846e9, volume: 28.5e9 },
  {
    symbol: "ETH",
    name: "Ethereum",
    price: 2650.3,
    change: 1.82,
    marketCap: 318e9,
    volume: 15.2e9,
  },
  { symbol: "XRP", name: "XRP", price: 0.6234, change: -0.85, marketCap: 34.1e9, volume: 1.8e9 },
  { symbol: "BNB", name: "BNB", price: 315.4, change: 0.95, marketCap: 48.5e9, volume: 1.1e9 },
  { symbol: "SOL", name: "Solana", price: 98.75, change: 4.12, marketCap: 42.8e9, volume: 2.6e9 },
  {
    symbol: "ADA",
    name: "Cardano",
    price: 0.4821,
    change: -1.23,
    marketCap: 16.9e9,
    volume: 0.42e9,
  },
  {
    symbol: "AVAX",
    name: "Avalanche",
    price: 36.2,
    change: 3.05,
    marketCap: 13.3e9,
    volume: 0.61e9,
  },
  { symbol: "DOT", name: "Polkadot", price: 7.45, change: -0.62, marketCap: 9.5e9, volume: 0.23e9 },
  {
    symbol: "DOGE",
    name: "Dogecoin",
    price: 0.0821,
    change: 5.4,
    marketCap: 11.7e9,
    volume: 0.9e9,
  },
  { symbol: "TRX", name: "TRON", price: 0.1056, change: 0.34, marketCap: 9.3e9, volume: 0.35e9 },
  {
    symbol: "LINK",
    name: "Chainlink",
    price: 14.85,
    change: 2.18,
    marketCap: 8.4e9,
    volume: 0.48e9,
  },
  { symbol: "LTC", name: "Litecoin", price: 71.3, change: -0.47, marketCap: 5.3e9, volume: 0.39e9 },
];

/** Sample total market cap and its 24 h change, for the sample analytics card. */
export const sampleTotalMarketCap = { value: 1.65e12, change: 1.85 };

/**
 * A deterministic 24-point sample curve that ends at `value` and rose or fell by `change` percent
 * over the day, with a gentle wobble so the sparkline looks like a chart and not a ruler.
 */
export function sampleSparkline(value: number, change: number): number[] {
  const start = value / (1 + change / 100);
  const points: number[] = [];
  for (let hour = 0; hour < limits.sparklinePoints; hour += 1) {
    const progress = hour / (limits.sparklinePoints - 1);
    const wobble = Math.sin(hour * 1.3) * 0.004 * value * (1 - progress);
    points.push(Number((start + (value - start) * progress + wobble).toPrecision(8)));
  }
  return points;
}

export function sampleTickerData(): TickerData {
  return {
    coins: sampleCoins.map(({ symbol, name, price, change }) => ({
      symbol,
      name,
      price,
      change24h: change,
    })),
    source: "sample",
    updatedAt: null,
  };
}

export function sampleMarketsTableData(): MarketsTableData {
  return {
    assets: marketsTableSymbols.map((symbol) => {
      const coin = sampleCoins.find((candidate) => candidate.symbol === symbol)!;
      return { ...coin };
    }),
    source: "sample",
    updatedAt: null,
  };
}

export function sampleMarketAnalyticsData(): MarketAnalyticsData {
  const total = sampleTotalMarketCap;
  const cards: MarketAnalyticsCard[] = [
    {
      title: "Total Market Cap",
      value: total.value,
      change: total.change,
      color: colorForChange(total.change),
      chartType: "bar",
      sparkline: sampleSparkline(total.value, total.change),
    },
  ];
  for (const symbol of analyticsCoinSymbols) {
    const coin = sampleCoins.find((candidate) => candidate.symbol === symbol)!;
    cards.push({
      title: `${coin.name} (${coin.symbol})`,
      value: coin.price,
      change: coin.change,
      color: colorForChange(coin.change),
      chartType: "line",
      sparkline: sampleSparkline(coin.price, coin.change),
    });
  }
  return { marketAnalytics: cards, source: "sample", updatedAt: null };
}
