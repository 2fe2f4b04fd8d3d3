import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { livePrices } from "./fake-coingecko";
import { type FakeKrakenFeed, startFakeKrakenFeed } from "./fake-kraken-feed";
import {
  coinsOf,
  priceEvent,
  pricesOf,
  type StreamApp,
  startStreamApp,
  stateEvent,
} from "./market-stream-fixture";

/**
 * The exchange stream with MARKET_STREAM_KIND=kraken (decision 280) end to end: a local server
 * speaking Kraken's WebSocket API v2 (status, subscribe answers per symbol, ticker snapshot and
 * updates, heartbeats), the price API stand-in for the checks and gap fills, and a reader on
 * GET /api/stream of the real server.
 */

/** The snapshot's prices: 1% above the price API's; AVAX/USD is not listed (refused). */
const listed: Record<string, number> = {
  "BTC/USD": Number((livePrices.bitcoin! * 1.01).toFixed(1)),
  "ETH/USD": Number((livePrices.ethereum! * 1.01).toFixed(2)),
  "XRP/USD": livePrices.ripple!,
  "SOL/USD": livePrices.solana!,
  "ADA/USD": livePrices.cardano!,
  "DOT/USD": livePrices.polkadot!,
  "DOGE/USD": livePrices.dogecoin!,
  "LINK/USD": livePrices.chainlink!,
  "LTC/USD": livePrices.litecoin!,
};

describe("market stream from Kraken's WebSocket API v2", () => {
  let feed: FakeKrakenFeed;
  let stream: StreamApp;
  const reader = () => stream.reader();
  const tickerPrice = (symbol: string) => stream.tickerPrice(symbol);
  const marketsCalls = () => stream.marketsCalls();

  beforeAll(async () => {
    feed = await startFakeKrakenFeed({ heartbeatMs: 100, prices: listed });
    stream = await startStreamApp({ url: feed.url, kind: "kraken" });
  });
  afterEach(() => {
    stream.closeReaders();
    feed.setHeartbeats(true);
    feed.setSystem("online");
  });
  afterAll(async () => {
    await stream?.close();
    await feed?.close();
  });

  it("subscribes to the ticker of the tracked pairs, and is live with a pair refused", async () => {
    const client = await reader();
    await stateEvent(client, "live");
    expect(feed.requests[0]).toEqual({
      method: "subscribe",
      params: {
        channel: "ticker",
        symbol: expect.arrayContaining(["BTC/USD", "ETH/USD", "DOGE/USD", "AVAX/USD"]),
        snapshot: true,
      },
      req_id: expect.any(Number),
    });
    expect(stream.app.realtime.marketStream!.isLeader()).toBe(true);
    // The snapshot's prices are the stream's first prices.
    await expect.poll(() => tickerPrice("BTC"), { timeout: 30_000 }).toBe(listed["BTC/USD"]);
    // AVAX stays on the price API.
    expect(await tickerPrice("AVAX")).toBe(livePrices["avalanche-2"]);
  });

  it("sends each update to readers and the ticker API, with the change from `change`", async () => {
    const client = await reader();
    await client.next();
    const price = Number((livePrices.solana! * 1.02).toFixed(2));
    feed.ticker({ symbol: "SOL/USD", last: price, change: price - 200 });
    const event = pricesOf((await priceEvent(client, "SOL", price)).data);
    expect(event.full).toBe(false);
    const sol = event.coins.find((coin) => coin.symbol === "SOL")!;
    expect(sol.change24h).toBeCloseTo(((price - 200) / 200) * 100, 6);
    expect(await tickerPrice("SOL")).toBe(price);
  });

  it("ignores malformed messages, late and duplicate items, and prices of 0", async () => {
    const client = await reader();
    await client.next();
    const at = Date.now();
    const time = (offsetMs: number) => new Date(at + offsetMs).toISOString();
    feed.ticker({ symbol: "LINK/USD", last: 24, timestamp: time(0) });
    await priceEvent(client, "LINK", 24);
    feed.raw("{not json");
    feed.raw("[1,2]");
    feed.raw(JSON.stringify({ channel: "ticker", type: "update", data: "x" }));
    feed.raw(JSON.stringify({ channel: "ticker", type: "update", data: [{ symbol: "LINK/USD" }] }));
    feed.ticker({ symbol: "LINK/USD", last: 24.1, timestamp: time(-5_000) }); // late
    feed.ticker({ symbol: "LINK/USD", last: 24, timestamp: time(0) }); // duplicate
    feed.ticker({ symbol: "LINK/USD", last: 0, timestamp: time(1_000) }); // zero
    feed.ticker({ symbol: "LINK/USD", last: 24.2, timestamp: time(2_000) });
    await priceEvent(client, "LINK", 24.2);
    const link = coinsOf(client, "LINK").map((coin) => coin.price);
    expect(link).not.toContain(24.1);
    expect(link).not.toContain(0);
    // The duplicate never went out a second time.
    expect(link.filter((price) => price === 24)).toHaveLength(1);
    expect(await tickerPrice("LINK")).toBe(24.2);
  });

  it("holds back a 50% jump the price API does not confirm", async () => {
    const client = await reader();
    await client.next();
    const before = (await tickerPrice("LTC"))!;
    const callsBefore = marketsCalls();
    feed.ticker({ symbol: "LTC/USD", last: Number((before * 2).toFixed(2)) });
    await expect.poll(marketsCalls, { timeout: 30_000 }).toBeGreaterThan(callsBefore);
    const ordinary = Number((before * 1.01).toFixed(2));
    feed.ticker({ symbol: "LTC/USD", last: ordinary });
    await priceEvent(client, "LTC", ordinary);
    expect(coinsOf(client, "LTC").map((coin) => coin.price)).not.toContain(
      Number((before * 2).toFixed(2)),
    );
  });

  it("says delayed while the exchange is in maintenance, without reconnecting", async () => {
    const client = await reader();
    await stateEvent(client, "live");
    const connections = feed.connectionCount();
    const fills = marketsCalls();
    feed.setSystem("maintenance");
    await stateEvent(client, "delayed");
    expect(stream.app.realtime.marketStream!.isLive()).toBe(false);
    feed.setSystem("online");
    await stateEvent(client, "live");
    expect(feed.connectionCount()).toBe(connections);
    // Back online: the prices are read from the price API (the gap fill).
    await expect.poll(marketsCalls, { timeout: 30_000 }).toBeGreaterThan(fills);
  });

  it("says delayed when the exchange drops the connection, reconnects and fills the gap", async () => {
    const client = await reader();
    await stateEvent(client, "live");
    const connections = feed.connectionCount();
    const fills = marketsCalls();
    feed.dropAll();
    await stateEvent(client, "delayed");
    await stateEvent(client, "live");
    expect(feed.connectionCount()).toBeGreaterThan(connections);
    await expect.poll(marketsCalls, { timeout: 30_000 }).toBeGreaterThan(fills);
  });

  it("says delayed on a silent stall (no heartbeats) and connects again", async () => {
    const client = await reader();
    await stateEvent(client, "live");
    const connections = feed.connectionCount();
    feed.setHeartbeats(false);
    await stateEvent(client, "delayed");
    feed.setHeartbeats(true);
    await stateEvent(client, "live");
    expect(feed.connectionCount()).toBeGreaterThan(connections);
  });
});
