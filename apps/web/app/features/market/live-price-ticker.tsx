import { intervals } from "@aurumwire/shared/limits";
import type { TickerData } from "@aurumwire/shared/market";
import { PriceTickerBar } from "../../components/layout/price-ticker-bar";
import { useReshuffled, useTickerData } from "./use-market-data";

/**
 * The header's price ticker with its data: the server's 12 coins (live, or sample and labelled so),
 * refreshed every 300 s and put in a new order every 30 s.
 */
export function LivePriceTicker({ initial }: { initial: TickerData | null }) {
  const data = useTickerData(initial);
  const coins = useReshuffled(data?.coins ?? null, intervals.priceTickerReshuffleMs);
  return <PriceTickerBar coins={coins} sample={data?.source === "sample"} />;
}
