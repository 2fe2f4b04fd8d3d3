import { sampleTickerCoins } from "@aurumwire/shared/market-sample";

/**
 * Placeholder until the live prices table of the market-data issue (features/market) lands:
 * the spec's 8 assets from the built-in sample list, marked as sample data; market cap and
 * volume are not in that list, so they read N/A as the spec says for missing values.
 */
const assets = ["BTC", "ETH", "XRP", "BNB", "SOL", "ADA", "AVAX", "DOT"];

function formatPrice(price: number): string {
  return price < 1
    ? `$${price.toFixed(4)}`
    : `$${price.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

function formatChange(change: number): string {
  return `${change > 0 ? "+" : change < 0 ? "-" : ""}${Math.abs(change).toFixed(2)}%`;
}

export function SampleMarketsTable() {
  const rows = assets
    .map((symbol) => sampleTickerCoins.find((coin) => coin.symbol === symbol))
    .filter((coin) => coin !== undefined);
  return (
    <section className="aw-section" aria-labelledby="markets-table-heading">
      <h2 id="markets-table-heading" className="aw-section__title">
        Live Cryptocurrency Prices <span className="aw-chip aw-chip--outline">Sample data</span>
      </h2>
      <div className="aw-table-wrap">
        <table className="aw-table">
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
            {rows.map((coin) => (
              <tr key={coin.symbol}>
                <th scope="row">
                  <strong>{coin.symbol}</strong> <span className="aw-muted">{coin.name}</span>
                </th>
                <td>{formatPrice(coin.price)}</td>
                <td className={coin.change24h >= 0 ? "aw-up" : "aw-down"}>
                  {formatChange(coin.change24h)}
                </td>
                <td>N/A</td>
                <td>N/A</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
