/**
 * The built-in fallback list of 12 coins (spec point 8: shown when live prices fail or no market
 * data provider is configured). Sample values: every screen showing them labels them as sample.
 */
export interface TickerCoin {
  symbol: string;
  name: string;
  price: number;
  change24h: number;
}

export const sampleTickerCoins: readonly TickerCoin[] = [
  { symbol: "BTC", name: "Bitcoin", price: 67234.12, change24h: 2.34 },
  { symbol: "ETH", name: "Ethereum", price: 3456.78, change24h: 1.87 },
  { symbol: "BNB", name: "BNB", price: 589.45, change24h: -0.52 },
  { symbol: "SOL", name: "Solana", price: 178.9, change24h: 4.12 },
  { symbol: "XRP", name: "XRP", price: 0.5234, change24h: -1.23 },
  { symbol: "ADA", name: "Cardano", price: 0.4521, change24h: 0.89 },
  { symbol: "AVAX", name: "Avalanche", price: 36.78, change24h: 3.45 },
  { symbol: "DOGE", name: "Dogecoin", price: 0.1623, change24h: 5.67 },
  { symbol: "DOT", name: "Polkadot", price: 7.12, change24h: -2.01 },
  { symbol: "LINK", name: "Chainlink", price: 14.56, change24h: 1.34 },
  { symbol: "MATIC", name: "Polygon", price: 0.7234, change24h: -0.78 },
  { symbol: "LTC", name: "Litecoin", price: 84.32, change24h: 0.56 },
];
