import { coinBySymbol, coinPath } from "@aurumwire/shared/coins";
import { changeDirection, formatChange, formatTickerPrice } from "@aurumwire/shared/format";
import type { TickerCoin } from "@aurumwire/shared/market";
import { type ReactNode, useEffect, useState } from "react";
import { FlashValue } from "../live/flash-value";
import "./price-ticker-bar.css";
import "./public-layout.css";

/**
 * The scrolling price bar above the app bar. It shows what it is given; while nothing is given it
 * says 'Loading live crypto prices...'. `sample` marks fallback numbers so they are never taken for live ones.
 */
export function PriceTickerBar({
  coins,
  sample,
  badge,
}: {
  coins: readonly TickerCoin[] | null;
  sample?: boolean;
  /** "Live · 14:03:22" or "Delayed" while the live stream is open (decision 235). */
  badge?: ReactNode;
}) {
  // The second copy, which only makes the scroll seamless, is added in the browser: the server's
  // HTML (and its render, on every page) carries the 12 coins once, and the bar starts to move
  // once the copy is there.
  const [looping, setLooping] = useState(false);
  useEffect(() => setLooping(true), []);
  return (
    <aside aria-label="Crypto prices" className="aw-ticker">
      {!coins ? (
        <span className="aw-ticker__note">Loading live crypto prices...</span>
      ) : (
        <>
          {sample && (
            <span
              className="aw-ticker__sample"
              title="No live price feed is connected: these are sample prices"
            >
              SAMPLE
            </span>
          )}
          {badge}
          {/* Coins scroll inside a window of their own: they leave at its edge, never under the label. */}
          <div className="aw-ticker__viewport">
            <div
              className={
                looping ? "aw-ticker__track aw-ticker__track--looping" : "aw-ticker__track"
              }
            >
              {/* Two copies back to back make the scroll seamless; the second is hidden from screen readers. */}
              {(looping ? [0, 1] : [0]).flatMap((copy) =>
                coins.map((coin) => {
                  const page = coinBySymbol(coin.symbol);
                  const content = (
                    <>
                      <strong>{coin.symbol}</strong>
                      <FlashValue value={coin.price}>{formatTickerPrice(coin.price)}</FlashValue>
                      <span className={`aw-ticker-${changeDirection(coin.change24h)}`}>
                        {formatChange(coin.change24h)}
                      </span>
                    </>
                  );
                  const shared = {
                    className: "aw-ticker-coin",
                    "data-testid": copy === 0 ? "ticker-coin" : undefined,
                    "aria-hidden": copy === 1 ? true : undefined,
                  };
                  // Each tracked coin opens its page (issue 30); the loop's copy is out of the tab order.
                  return page ? (
                    <a
                      key={`${copy}-${coin.symbol}`}
                      {...shared}
                      href={coinPath(page)}
                      tabIndex={copy === 1 ? -1 : undefined}
                    >
                      {content}
                    </a>
                  ) : (
                    <span key={`${copy}-${coin.symbol}`} {...shared}>
                      {content}
                    </span>
                  );
                }),
              )}
            </div>
          </div>
        </>
      )}
    </aside>
  );
}
