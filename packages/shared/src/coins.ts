// Plain values and functions only: the browser imports this module (decision 150).

/**
 * The tracked coins as readers and writers name them (decision 191): the page slug
 * (`/coin/{slug}`), the ticker, the name, and the other names news uses. Tickers are matched in
 * capitals only ("DOT", "LINK", "SOL" are also English words); names and aliases in any case,
 * with or without a possessive ("bitcoin's").
 */
export interface CoinEntry {
  /** The price provider's id (CoinGecko ids). */
  id: string;
  slug: string;
  symbol: string;
  name: string;
  /** Other names, matched in any case. */
  aliases: readonly string[];
}

/** The 12 coins of the header ticker, in market-cap order (`tickerCoins` in market.ts). */
export const trackedCoinEntries: readonly CoinEntry[] = [
  {
    id: "bitcoin",
    slug: "bitcoin",
    symbol: "BTC",
    name: "Bitcoin",
    aliases: ["bitcoin", "bitcoins", "xbt"],
  },
  {
    id: "ethereum",
    slug: "ethereum",
    symbol: "ETH",
    name: "Ethereum",
    aliases: ["ethereum", "ether"],
  },
  {
    id: "ripple",
    slug: "xrp",
    symbol: "XRP",
    name: "XRP",
    aliases: ["xrp", "ripple", "xrp ledger"],
  },
  {
    id: "binancecoin",
    slug: "bnb",
    symbol: "BNB",
    name: "BNB",
    aliases: ["bnb", "binance coin", "bnb chain"],
  },
  { id: "solana", slug: "solana", symbol: "SOL", name: "Solana", aliases: ["solana"] },
  { id: "cardano", slug: "cardano", symbol: "ADA", name: "Cardano", aliases: ["cardano"] },
  {
    id: "avalanche-2",
    slug: "avalanche",
    symbol: "AVAX",
    name: "Avalanche",
    aliases: ["avalanche", "avax"],
  },
  { id: "polkadot", slug: "polkadot", symbol: "DOT", name: "Polkadot", aliases: ["polkadot"] },
  {
    id: "dogecoin",
    slug: "dogecoin",
    symbol: "DOGE",
    name: "Dogecoin",
    aliases: ["dogecoin", "doge"],
  },
  { id: "tron", slug: "tron", symbol: "TRX", name: "TRON", aliases: ["tron", "trx"] },
  { id: "chainlink", slug: "chainlink", symbol: "LINK", name: "Chainlink", aliases: ["chainlink"] },
  { id: "litecoin", slug: "litecoin", symbol: "LTC", name: "Litecoin", aliases: ["litecoin"] },
];

export function coinBySlug(slug: string): CoinEntry | undefined {
  return trackedCoinEntries.find((coin) => coin.slug === slug);
}

export function coinBySymbol(symbol: string): CoinEntry | undefined {
  const upper = symbol.toUpperCase();
  return trackedCoinEntries.find((coin) => coin.symbol === upper);
}

/** `/coin/{slug}` of a tracked coin. */
export function coinPath(coin: Pick<CoinEntry, "slug">): string {
  return `/coin/${coin.slug}`;
}
