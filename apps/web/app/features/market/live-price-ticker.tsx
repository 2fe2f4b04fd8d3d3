import { intervals } from "@aurumwire/shared/limits";
import type { TickerData } from "@aurumwire/shared/market";
import { useMemo } from "react";
import { PriceTickerBar } from "../../components/layout/price-ticker-bar";
import { LiveBadge } from "../../components/live/live-badge";
import { useLiveStream, withLivePrices } from "../../lib/live-stream";
import { useReshuffled, useTickerData } from "./use-market-data";

/**
 * The header's price ticker with its data: the server's 12 coins (live, or sample and labelled so),
 * refreshed every 300 s and put in a new order every 30 s. With the live stream open (decision
 * 235) each coin's price is replaced in place as it moves; the order is kept.
 */
export function LivePriceTicker({ initial }: { initial: TickerData | null }) {
  const data = useTickerData(initial);
  const live = useLiveStream();
  const symbols = useMemo(() => data?.coins.map((coin) => coin.symbol) ?? null, [data]);
  const order = useReshuffled(symbols, intervals.priceTickerReshuffleMs);
  const coins = useMemo(() => {
    if (!data || !order) return null;
    const current = withLivePrices(data.coins, live, data.updatedAt, (coin, change24h) => ({
      ...coin,
      change24h: change24h ?? coin.change24h,
    }));
    const bySymbol = new Map(current.map((coin) => [coin.symbol, coin]));
    return order.flatMap((symbol) => bySymbol.get(symbol) ?? []);
  }, [data, order, live]);
  return (
    <PriceTickerBar
      coins={coins}
      sample={data?.source === "sample"}
      // Sample prices are not called live until a real tick has arrived on this page.
      badge={data?.source === "sample" && !live.lastUpdate ? null : <LiveBadge live={live} />}
    />
  );
}
