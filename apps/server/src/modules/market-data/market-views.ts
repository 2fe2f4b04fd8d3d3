import {
  analyticsCoinSymbols,
  colorForChange,
  type MarketAnalyticsCard,
  type MarketAnalyticsData,
  type MarketsTableData,
  marketsTableSymbols,
  sampleMarketAnalyticsData,
  sampleMarketsTableData,
  sampleTickerData,
  type TickerData,
  tickerCoins,
} from "@aurumwire/shared/market";
import type { ProviderCoin, ProviderGlobal } from "./coingecko-client";

/** The shapes every view is built from: the provider's answer and the stream's prices. */

/** The provider's last good answer. */
export interface MarketSnapshot {
  coins: ProviderCoin[];
  global: ProviderGlobal | null;
  fetchedAt: string;
}

/** A price from the exchange stream that passed the checks (stream-controller.ts). */
export interface AcceptedTick {
  symbol: string;
  price: number;
  change24h: number | null;
  /** When the exchange reported it (ISO). */
  at: string;
}

export interface MarketDataLogger {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

export const hourMs = 3_600_000;

export const startOfHour = (at: number) => new Date(Math.floor(at / hourMs) * hourMs);

export interface Views {
  ticker: TickerData;
  analytics: MarketAnalyticsData;
  table: MarketsTableData;
}

function changeOverSeries(series: number[]): number | null {
  if (series.length < 2 || series[0] === 0) return null;
  return ((series[series.length - 1] - series[0]) / series[0]) * 100;
}

/**
 * The shape of the market over the day, from the tracked coins' own sparklines weighted by their
 * supply (market cap / price). They hold most of the market, and `/global` has no history.
 */
function marketCapTrend(coins: ProviderCoin[]): number[] {
  const usable = coins.filter(
    (coin) => coin.price && coin.marketCap && coin.sparkline.length === coins[0]?.sparkline.length,
  );
  const length = usable[0]?.sparkline.length ?? 0;
  const trend: number[] = [];
  for (let index = 0; index < length; index += 1) {
    let total = 0;
    for (const coin of usable) total += (coin.marketCap! / coin.price!) * coin.sparkline[index];
    trend.push(Math.round(total));
  }
  return trend;
}

export function findCoin(coins: ProviderCoin[], symbol: string): ProviderCoin | undefined {
  const tracked = tickerCoins.find((coin) => coin.symbol === symbol);
  return (
    coins.find((coin) => coin.id === tracked?.id) ?? coins.find((coin) => coin.symbol === symbol)
  );
}

export function buildLiveViews(snapshot: MarketSnapshot): Views {
  const { coins, global, fetchedAt } = snapshot;
  const provenance = { source: "live" as const, updatedAt: fetchedAt };

  const tickerList = tickerCoins.flatMap((tracked) => {
    const coin = findCoin(coins, tracked.symbol);
    if (!coin || coin.price === null) return [];
    return [
      {
        symbol: tracked.symbol,
        name: tracked.name,
        price: coin.price,
        change24h: coin.change24h ?? changeOverSeries(coin.sparkline),
      },
    ];
  });

  const cards: MarketAnalyticsCard[] = [];
  if (global) {
    const change = global.marketCapChange24h ?? 0;
    cards.push({
      title: "Total Market Cap",
      value: global.totalMarketCapUsd,
      change,
      color: colorForChange(change),
      chartType: "bar",
      sparkline: marketCapTrend(coins),
    });
  }
  for (const symbol of analyticsCoinSymbols) {
    const coin = findCoin(coins, symbol);
    if (!coin || coin.price === null) continue;
    const tracked = tickerCoins.find((candidate) => candidate.symbol === symbol)!;
    const change = coin.change24h ?? changeOverSeries(coin.sparkline) ?? 0;
    cards.push({
      title: `${tracked.name} (${tracked.symbol})`,
      value: coin.price,
      change,
      color: colorForChange(change),
      chartType: "line",
      sparkline: coin.sparkline,
    });
  }

  const assets = marketsTableSymbols.map((symbol) => {
    const tracked = tickerCoins.find((candidate) => candidate.symbol === symbol)!;
    const coin = findCoin(coins, symbol);
    return {
      symbol,
      name: tracked.name,
      price: coin?.price ?? null,
      change: coin?.change24h ?? null,
      marketCap: coin?.marketCap ?? null,
      volume: coin?.volume ?? null,
    };
  });

  return {
    ticker: { coins: tickerList, ...provenance },
    analytics: { marketAnalytics: cards, ...provenance },
    table: { assets, ...provenance },
  };
}

export function sampleViews(): Views {
  return {
    ticker: sampleTickerData(),
    analytics: sampleMarketAnalyticsData(),
    table: sampleMarketsTableData(),
  };
}

/** The snapshot with the stream's newer prices laid over it (a snapshot of its own without one). */
export function withStreamed(
  base: MarketSnapshot | null,
  streamed: ReadonlyMap<string, AcceptedTick>,
): MarketSnapshot {
  const coins = [...(base?.coins ?? [])];
  let newest = base ? Date.parse(base.fetchedAt) : 0;
  for (const tick of streamed.values()) {
    const tracked = tickerCoins.find((coin) => coin.symbol === tick.symbol);
    if (!tracked) continue;
    newest = Math.max(newest, Date.parse(tick.at));
    const index = coins.findIndex((coin) => coin.id === tracked.id);
    const known = index === -1 ? null : coins[index]!;
    const coin: ProviderCoin = {
      id: tracked.id,
      symbol: tracked.symbol.toLowerCase(),
      name: tracked.name,
      marketCap: known?.marketCap ?? null,
      volume: known?.volume ?? null,
      sparkline: known?.sparkline ?? [],
      ...known,
      price: tick.price,
      change24h: tick.change24h ?? known?.change24h ?? null,
    };
    if (index === -1) coins.push(coin);
    else coins[index] = coin;
  }
  return {
    coins,
    global: base?.global ?? null,
    fetchedAt: new Date(newest || Date.now()).toISOString(),
  };
}
