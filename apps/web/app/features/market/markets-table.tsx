import { coinBySymbol, coinPath } from "@aurumwire/shared/coins";
import {
  changeDirection,
  formatChange,
  formatCompactUsd,
  formatTickerPrice,
} from "@aurumwire/shared/format";
import type { MarketsTableData } from "@aurumwire/shared/market";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { FlashValue } from "../../components/live/flash-value";
import { LiveBadge } from "../../components/live/live-badge";
import { useLiveStream, withLivePrices } from "../../lib/live-stream";
import { MarketDataSourceNote } from "./market-source-note";
import "./markets-table.css";
import { useMarketsTable } from "./use-market-data";

/** The /markets 'Live Cryptocurrency Prices' table; missing numbers read N/A. Plain HTML (decision 150). */
/** A coin's News Sentiment (24h) cell (issue 30): the index and its band, or "not enough coverage". */
export interface MarketsSentimentCell {
  index: number | null;
  label: string;
  coverage: string;
}

export function MarketsTable({
  data,
  sentiment,
  badge,
}: {
  data: MarketsTableData;
  sentiment?: Record<string, MarketsSentimentCell>;
  badge?: ReactNode;
}) {
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
              {sentiment && <th scope="col">News sentiment (24h)</th>}
            </tr>
          </thead>
          <tbody>
            {data.assets.map((asset) => (
              <tr key={asset.symbol}>
                <th scope="row">
                  <AssetName symbol={asset.symbol} name={asset.name} />
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
                {sentiment && <SentimentCell cell={sentiment[asset.symbol]} />}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A row's asset, linking to the coin's page when we track it. */
function AssetName({ symbol, name }: { symbol: string; name: string }) {
  const coin = coinBySymbol(symbol);
  const inner = (
    <>
      <strong className="aw-markets__symbol">{symbol}</strong>
      {name}
    </>
  );
  return coin ? <Link to={coinPath(coin)}>{inner}</Link> : inner;
}

function SentimentCell({ cell }: { cell: MarketsSentimentCell | undefined }) {
  if (!cell || cell.index === null) return <td>Not enough coverage</td>;
  return (
    <td title={cell.coverage}>
      {cell.index} {cell.label}
    </td>
  );
}

/**
 * The markets table with its data: the server's first answer, refreshed with the prices; with the
 * live stream open, each row's price and change are replaced in place as they move (decision 235).
 */
export function LiveMarketsTable({
  initial,
  sentiment,
}: {
  initial: MarketsTableData | null;
  sentiment?: Record<string, MarketsSentimentCell>;
}) {
  const data = useMarketsTable(initial);
  const live = useLiveStream();
  if (!data) return <p className="aw-markets__loading">Loading live crypto prices...</p>;
  const assets = withLivePrices(data.assets, live, data.updatedAt, (asset, change24h) => ({
    ...asset,
    change: change24h ?? asset.change,
  }));
  const badge = data.source === "sample" && !live.lastUpdate ? null : <LiveBadge live={live} />;
  // The note's "updated" follows the streamed prices too: one time of the last update, not two.
  const streamedAt = live.lastUpdate ? new Date(live.lastUpdate).toISOString() : null;
  const updatedAt =
    streamedAt && live.prices.size > 0 && (!data.updatedAt || streamedAt > data.updatedAt)
      ? streamedAt
      : data.updatedAt;
  return <MarketsTable data={{ ...data, assets, updatedAt }} badge={badge} sentiment={sentiment} />;
}
