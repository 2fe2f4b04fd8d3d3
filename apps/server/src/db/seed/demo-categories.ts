/**
 * The demo category tree: the names of spec point 3, plus Bitcoin, Ethereum, DeFi and NFT that the
 * footer links to. Parents come before their children.
 */
export const demoCategories: ReadonlyArray<{
  name: string;
  slug: string;
  color: string;
  description: string;
  parent?: string;
}> = [
  {
    name: "News",
    slug: "news",
    color: "#FFD700",
    description:
      "The day's crypto stories, from protocol upgrades to policy and the people behind them.",
  },
  {
    name: "Breaking News",
    slug: "breaking-news",
    color: "#FF4D4F",
    description: "Fast-moving stories our desk is following as they happen.",
    parent: "news",
  },
  {
    name: "Market News",
    slug: "market-news",
    color: "#F5A623",
    description: "Flows, funding, liquidity and the forces that move crypto prices.",
    parent: "news",
  },
  {
    name: "Trending",
    slug: "trending",
    color: "#FF7A45",
    description: "What crypto readers are talking about right now.",
  },
  {
    name: "Viral",
    slug: "viral",
    color: "#EB2F96",
    description: "The memes, moments and online debates that spread across crypto.",
    parent: "trending",
  },
  {
    name: "Hot Topics",
    slug: "hot-topics",
    color: "#FA541C",
    description: "The debates shaping the industry this season.",
    parent: "trending",
  },
  {
    name: "Markets",
    slug: "markets",
    color: "#52C41A",
    description: "Prices, trading and the structure of crypto markets.",
  },
  {
    name: "Trading",
    slug: "trading",
    color: "#13C2C2",
    description: "Execution, risk and the craft of trading digital assets.",
    parent: "markets",
  },
  {
    name: "Technical Analysis",
    slug: "technical-analysis",
    color: "#2F54EB",
    description: "Charts, levels and indicators, explained without the jargon.",
    parent: "markets",
  },
  {
    name: "Bitcoin Price",
    slug: "bitcoin-price",
    color: "#F7931A",
    description: "What drives the price of bitcoin, and how to read it.",
    parent: "markets",
  },
  {
    name: "Bitcoin",
    slug: "bitcoin",
    color: "#F7931A",
    description: "The original cryptocurrency: its network, miners, upgrades and culture.",
  },
  {
    name: "Ethereum",
    slug: "ethereum",
    color: "#627EEA",
    description: "Ethereum, its rollups and the applications built on them.",
  },
  {
    name: "DeFi",
    slug: "defi",
    color: "#8A5CF6",
    description: "Decentralized finance: lending, exchanges, stablecoins and their risks.",
  },
  {
    name: "NFT",
    slug: "nft",
    color: "#00B8D9",
    description: "Digital collectibles, on-chain art and the markets around them.",
  },
];
