import type { ServerResponse } from "node:http";
import { tickerCoins } from "@aurumwire/shared/market";
import { type RecordedRequest, sendJson } from "./fake-http-server";

/**
 * The answers of a local fake CoinGecko (`/api/v3/coins/markets`, `/global` and
 * `/coins/{id}/market_chart`), in the provider's own field names and shapes.
 */

/** A CoinGecko-shaped coin: 168 hourly sparkline points rising towards `price`. */
export function providerCoin(id: string, price: number, overrides: Record<string, unknown> = {}) {
  const tracked = tickerCoins.find((coin) => coin.id === id)!;
  return {
    id,
    symbol: tracked.symbol.toLowerCase(),
    name: tracked.name,
    image: `https://example.invalid/${id}.png`,
    current_price: price,
    market_cap: price * 1_000_000,
    market_cap_rank: 1,
    total_volume: price * 10_000,
    price_change_percentage_24h: 1.5,
    price_change_percentage_24h_in_currency: 1.6,
    sparkline_in_7d: { price: Array.from({ length: 168 }, (_, hour) => price - 168 + hour + 1) },
    ...overrides,
  };
}

/** Live prices distinct from every sample price, so a test can tell them apart. */
export const livePrices: Record<string, number> = {
  bitcoin: 97_123.45,
  ethereum: 3_456.78,
  ripple: 2.345,
  binancecoin: 712.5,
  solana: 201.25,
  cardano: 0.9876,
  "avalanche-2": 41.5,
  polkadot: 8.75,
  dogecoin: 0.3456,
  tron: 0.2345,
  chainlink: 23.45,
  litecoin: 105.5,
};

export const globalAnswer = {
  data: {
    active_cryptocurrencies: 15000,
    total_market_cap: { usd: 3_210_000_000_000, eur: 3_000_000_000_000 },
    total_volume: { usd: 145_000_000_000 },
    market_cap_percentage: { btc: 57.1 },
    market_cap_change_percentage_24h_usd: -1.25,
  },
};

/**
 * The price of a coin `hoursAgo` before now in the fake market chart: 0.01 % lower per hour, and
 * 0.01 % below the markets answer even now, so a test can tell a polled point from a charted one.
 */
export function chartPrice(id: string, hoursAgo: number): number {
  return livePrices[id]! * (1 - (hoursAgo + 1) / 10_000);
}

/**
 * `/coins/{id}/market_chart?days=N` as CoinGecko answers it for 2-90 days: hourly points a few
 * minutes past each hour, oldest first, and a last point at `now`.
 */
export function marketChartAnswer(id: string, days: number, now = Date.now()) {
  const hourMs = 3_600_000;
  const times: number[] = [];
  const start = Math.floor((now - days * 24 * hourMs) / hourMs) * hourMs + hourMs;
  for (let at = start + 7 * 60_000 + 13_000; at < now; at += hourMs) times.push(at);
  times.push(now);
  const priceAt = (at: number) => chartPrice(id, (now - at) / hourMs);
  return {
    prices: times.map((at) => [at, priceAt(at)]),
    market_caps: times.map((at) => [at, priceAt(at) * 1_000_000]),
    total_volumes: times.map((at) => [at, priceAt(at) * 10_000]),
  };
}

/** A healthy provider under /api/v3; `omit` leaves coins out of the markets answer. */
export function healthyProvider(options: { omit?: string[] } = {}) {
  return (request: RecordedRequest, response: ServerResponse) => {
    if (request.path === "/api/v3/global") return sendJson(response, 200, globalAnswer);
    if (request.path === "/api/v3/coins/markets") {
      const ids = (request.query.get("ids") ?? "").split(",");
      const coins = ids
        .filter((id) => livePrices[id] !== undefined && !options.omit?.includes(id))
        .map((id) => providerCoin(id, livePrices[id]!));
      return sendJson(response, 200, coins);
    }
    const chart = /^\/api\/v3\/coins\/([\w-]+)\/market_chart$/.exec(request.path);
    if (chart && livePrices[chart[1]!] !== undefined) {
      return sendJson(
        response,
        200,
        marketChartAnswer(chart[1]!, Number(request.query.get("days") ?? "1")),
      );
    }
    sendJson(response, 404, { error: "coin not found" });
  };
}
