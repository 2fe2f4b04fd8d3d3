import {
  changeDirection,
  formatChange,
  formatCompactUsd,
  formatTickerPrice,
} from "@aurumwire/shared/format";
import type { MarketsTableData } from "@aurumwire/shared/market";
import type { ReactNode } from "react";
import { FlashValue } from "../../components/live/flash-value";
import { LiveBadge } from "../../components/live/live-badge";
import { useLiveStream, withLivePrices } from "../../lib/live-stream";
import { MarketDataSourceNote } from "./market-source-note";
import "./markets-table.css";
import { useMarketsTable } from "./use-market-data";

/** The /markets 'Live Cryptocurrency Prices' table; missing numbers read N/A. Plain HTML (decision 150). */
export function MarketsTable({ data, badge }: { data: MarketsTableData; badge?: ReactNode }) {
  const sample = data.source === "sample";
  return (
    <section aria-labelledby="markets-table-heading">
      <div className="aw-markets__title-row">
        <h2 id="markets-table-heading" className="aw-markets__title">
          Live Cryptocurrency Prices
        </h2>
        {sample && <span className="aw-markets__sample">Sample data</span>}
      </div>
      <MarketDataSourceNote source={data.source} updatedAt={data.updatedAt} />
      {badge}
      <p id="markets-table-scroll-hint" className="aw-markets__hint">
        Swipe the table sideways for market cap and volume →
      </p>
      {/* A scroll region keyboard users can reach and scroll with the arrow keys. */}
      <div
        className="aw-markets__scroll"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll region must take focus to scroll by keyboard (axe: scrollable-region-focusable)
        tabIndex={0}
        role="region"
        aria-label="Cryptocurrency prices"
        aria-describedby="markets-table-scroll-hint"
      >
        <table className="aw-markets__table" aria-labelledby="markets-table-heading">
          <thead>
            <tr>
              <th scope="col">Asset</th>
              <th scope="col">Price</th>
              <th scope="col">24h Change</th>
              <th scope="col">Market Cap</th>
              <th scope="col">Volume</th>
            </tr>
          </thead>
          <tbody>
            {data.assets.map((asset) => (
              <tr key={asset.symbol}>
                <th scope="row">
                  <strong className="aw-markets__symbol">{asset.symbol}</strong>
                  {asset.name}
                </th>
                <td>
                  <FlashValue value={asset.price}>{formatTickerPrice(asset.price)}</FlashValue>
                </td>
                <td
                  className={`aw-markets__change aw-markets__change--${changeDirection(asset.change)}`}
                >
                  {formatChange(asset.change)}
                </td>
                <td>{formatCompactUsd(asset.marketCap)}</td>
                <td>{formatCompactUsd(asset.volume)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * The markets table with its data: the server's first answer, refreshed with the prices; with the
 * live stream open, each row's price and change are replaced in place as they move (decision 235).
 */
export function LiveMarketsTable({ initial }: { initial: MarketsTableData | null }) {
  const data = useMarketsTable(initial);
  const live = useLiveStream();
  if (!data) return <p className="aw-markets__loading">Loading live crypto prices...</p>;
  const assets = withLivePrices(data.assets, live, data.updatedAt, (asset, change24h) => ({
    ...asset,
    change: change24h ?? asset.change,
  }));
  const badge = data.source === "sample" && !live.lastUpdate ? null : <LiveBadge live={live} />;
  return <MarketsTable data={{ ...data, assets }} badge={badge} />;
}
