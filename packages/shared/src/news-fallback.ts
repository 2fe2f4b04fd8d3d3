import type { TickerNewsItem } from "./news";

// Plain values and functions only, no zod schema: the browser imports this module (decision 150).

export interface FallbackHeadline {
  id: string;
  title: string;
  summary: string;
  source: string;
  /** A page of this site the brief links to as its source. */
  link: string;
  tags: string[];
}

/**
 * The 4 built-in fallback headlines, shown while no news feed is configured or none has answered.
 * They are evergreen explainers from the site itself, not reports of events, so an article made
 * from one never presents invented news as real.
 */
export const fallbackHeadlines: readonly FallbackHeadline[] = [
  {
    id: "fallback-1",
    title: "Bitcoin explained: how the first cryptocurrency works",
    summary:
      "Bitcoin is a peer-to-peer digital currency secured by proof-of-work mining. New blocks are added about every ten minutes, and the supply is capped at 21 million coins.",
    source: "AurumWire",
    link: "/category/bitcoin",
    tags: ["bitcoin", "news"],
  },
  {
    id: "fallback-2",
    title: "Ethereum and smart contracts: what they are and why they matter",
    summary:
      "Ethereum runs programs called smart contracts that execute exactly as written. They power tokens, decentralized exchanges and lending markets without a central operator.",
    source: "AurumWire",
    link: "/category/ethereum",
    tags: ["ethereum", "news"],
  },
  {
    id: "fallback-3",
    title: "DeFi basics: lending, trading and yield without a bank",
    summary:
      "Decentralized finance rebuilds lending, trading and savings on public blockchains. Returns can be attractive, but smart-contract bugs and volatile collateral carry real risk.",
    source: "AurumWire",
    link: "/category/defi",
    tags: ["defi", "news"],
  },
  {
    id: "fallback-4",
    title: "Reading the crypto market: market cap, volume and volatility",
    summary:
      "Market capitalisation measures a coin's size, trading volume shows how actively it changes hands, and volatility describes how far its price swings. Together they frame any price move.",
    source: "AurumWire",
    link: "/markets",
    tags: ["trading", "analysis"],
  },
];

export function fallbackTickerNews(): TickerNewsItem[] {
  return fallbackHeadlines.map(({ id, title, source, tags }) => ({
    id,
    title,
    articleSlug: null,
    source,
    tags,
  }));
}
