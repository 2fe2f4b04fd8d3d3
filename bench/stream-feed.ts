/**
 * The streaming bench's exchange (a child process, so the bench's own load generators never hold
 * its timers up): the server tests' stand-ins for the Coinbase Exchange feed and the price API,
 * with the feed sending `rate` ticker messages a second over the ten products in turn, prices on a
 * small random walk around the price API's, each stamped with the time it is sent (the latency's
 * start). Tells the parent `{ feedUrl, priceApiUrl }`; `{ rate }` starts or changes the rate,
 * every message is answered with `{ sent, open }`.
 */
import { startFakeCoinbaseFeed } from "../apps/server/test/fake-coinbase-feed";
import { healthyProvider, livePrices } from "../apps/server/test/fake-coingecko";
import { startFakeServer } from "../apps/server/test/fake-http-server";

const products: Array<[string, string]> = [
  ["BTC-USD", "bitcoin"],
  ["ETH-USD", "ethereum"],
  ["XRP-USD", "ripple"],
  ["SOL-USD", "solana"],
  ["ADA-USD", "cardano"],
  ["AVAX-USD", "avalanche-2"],
  ["DOT-USD", "polkadot"],
  ["DOGE-USD", "dogecoin"],
  ["LINK-USD", "chainlink"],
  ["LTC-USD", "litecoin"],
];

const feed = await startFakeCoinbaseFeed({ heartbeatMs: 1000 });
const priceApi = await startFakeServer(healthyProvider());
const price = new Map(products.map(([product, id]) => [product, livePrices[id]!]));
let rate = 0;
let sent = 0;
let since = Date.now();
let sentSince = 0;
let next = 0;

// Catches up to `rate` a second on every beat, so a late timer sends a few at once rather than
// lowering the rate.
setInterval(() => {
  if (rate <= 0) return;
  const due = Math.floor(((Date.now() - since) / 1000) * rate) - sentSince;
  for (let i = 0; i < due; i += 1) {
    const [product] = products[next % products.length];
    next += 1;
    const moved = price.get(product)! * (1 + (Math.random() - 0.5) / 1000);
    price.set(product, moved);
    feed.ticker({ product, price: moved.toPrecision(8) });
    sent += 1;
    sentSince += 1;
  }
}, 10);

process.on("message", (message: { rate?: number }) => {
  if (message.rate !== undefined) {
    rate = message.rate;
    since = Date.now();
    sentSince = 0;
  }
  process.send?.({ sent, open: feed.openCount() });
});
process.on("disconnect", () => process.exit(0));
process.send?.({ feedUrl: feed.url, priceApiUrl: `${priceApi.url}/api/v3` });
