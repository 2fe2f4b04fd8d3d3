import { changeDirection, formatChange, formatTickerPrice } from "@aurumwire/shared/format";
import type { TickerCoin } from "@aurumwire/shared/market";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import "./price-ticker-bar.css";

/**
 * The scrolling price bar above the app bar. It shows what it is given; while nothing is given it
 * says 'Loading live crypto prices...'. `sample` marks fallback numbers so they are never taken for live ones.
 */
export function PriceTickerBar({
  coins,
  sample,
}: {
  coins: readonly TickerCoin[] | null;
  sample?: boolean;
}) {
  return (
    <Box
      component="aside"
      aria-label="Crypto prices"
      sx={{
        bgcolor: "#050507",
        borderBottom: 1,
        borderColor: "divider",
        overflow: "hidden",
        whiteSpace: "nowrap",
        height: 34,
        display: "flex",
        alignItems: "center",
        fontSize: 13,
      }}
    >
      {!coins ? (
        <Typography variant="caption" sx={{ px: 2, color: "text.secondary" }}>
          Loading live crypto prices...
        </Typography>
      ) : (
        <>
          {sample && (
            <Typography
              variant="caption"
              title="No live price feed is connected: these are sample prices"
              sx={{
                px: 1.5,
                color: "warning.main",
                fontWeight: 700,
                flexShrink: 0,
                zIndex: 1,
                bgcolor: "#050507",
              }}
            >
              SAMPLE
            </Typography>
          )}
          <Box
            sx={{
              display: "inline-flex",
              gap: 4,
              pl: 2,
              animation: "aw-ticker 60s linear infinite",
              "@keyframes aw-ticker": {
                from: { transform: "translateX(0)" },
                to: { transform: "translateX(-50%)" },
              },
              "@media (prefers-reduced-motion: reduce)": { animation: "none" },
            }}
          >
            {/* Two copies back to back make the scroll seamless; the second is hidden from screen readers. */}
            {[0, 1].flatMap((copy) =>
              coins.map((coin) => (
                <span
                  key={`${copy}-${coin.symbol}`}
                  className="aw-ticker-coin"
                  data-testid={copy === 0 ? "ticker-coin" : undefined}
                  aria-hidden={copy === 1 ? true : undefined}
                >
                  <strong>{coin.symbol}</strong>
                  <span>{formatTickerPrice(coin.price)}</span>
                  <span className={`aw-ticker-${changeDirection(coin.change24h)}`}>
                    {formatChange(coin.change24h)}
                  </span>
                </span>
              )),
            )}
          </Box>
        </>
      )}
    </Box>
  );
}
