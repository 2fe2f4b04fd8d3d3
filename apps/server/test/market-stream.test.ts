import type { ServerResponse } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type FakeCoinbaseFeed, startFakeCoinbaseFeed } from "./fake-coinbase-feed";
import { healthyProvider, livePrices, providerCoin } from "./fake-coingecko";
import { type RecordedRequest, sendJson } from "./fake-http-server";
import {
  coinsOf,
  priceEvent,
  pricesOf,
  type StreamApp,
  startStreamApp,
  stateEvent,
} from "./market-stream-fixture";

/**
 * The exchange stream (decision 230) end to end: a local server speaking the Coinbase Exchange
 * feed protocol, the price API stand-in for the checks and gap fills, and a reader on
 * GET /api/stream of the real server.
 */

describe("market stream from a Coinbase Exchange feed", () => {
  let feed: FakeCoinbaseFeed;
  let stream: StreamApp;
  const reader = () => stream.reader();
  const tickerPrice = (symbol: string) => stream.tickerPrice(symbol);
  /**
   * Answers the price API with `answer`, but holds its /coins/markets answers (those `held`
   * picks) until the returned release is called.
   */
  const holdMarkets = (
    answer: (request: RecordedRequest, response: ServerResponse) => unknown,
    held: (request: RecordedRequest) => boolean = () => true,
  ) => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    stream.provider.setHandler((request, response) => {
      if (request.path === "/api/v3/coins/markets" && held(request)) {
        void released.then(() => answer(request, response));
        return;
      }
      return answer(request, response);
    });
    return () => release();
  };
  /** The healthy price API, with other prices for some coins. */
  const priceApiWith =
    (prices: Record<string, number>) => (request: RecordedRequest, response: ServerResponse) => {
      if (request.path !== "/api/v3/coins/markets") return healthyProvider()(request, response);
      const ids = (request.query.get("ids") ?? "").split(",");
      sendJson(
        response,
        200,
        ids
          .filter((id) => livePrices[id] !== undefined)
          .map((id) => providerCoin(id, prices[id] ?? livePrices[id]!)),
      );
    };

  beforeAll(async () => {
    feed = await startFakeCoinbaseFeed({ heartbeatMs: 100 });
    stream = await startStreamApp({ url: feed.url, kind: "coinbase" });
  });
  afterEach(() => {
    stream.closeReaders();
    feed.setHeartbeats(true);
  });
  afterAll(async () => {
    await stream?.close();
    await feed?.close();
  });

  it("subscribes to the ticker and heartbeat channels of the tracked products", async () => {
    const client = await reader();
    await stateEvent(client, "live");
    expect(feed.subscriptions[0]).toEqual({
      type: "subscribe",
      product_ids: expect.arrayContaining(["BTC-USD", "ETH-USD", "SOL-USD"]),
      channels: ["heartbeat", "ticker"],
    });
    expect(stream.app.realtime.marketStream!.isLeader()).toBe(true);
  });

  it("sends the current prices at once, then each tick to readers and the ticker API", async () => {
    const client = await reader();
    const first = await client.next();
    expect(first.event).toBe("prices");
    expect(first.id).toMatch(/^\d+-\d+$/);
    const full = pricesOf(first.data);
    expect(full.full).toBe(true);
    expect(full.coins.find((coin) => coin.symbol === "BTC")?.price).toBe(livePrices.bitcoin);

    const price = livePrices.bitcoin! * 1.01;
    feed.ticker({ product: "BTC-USD", price: price.toFixed(2), open24h: "90000" });
    const event = pricesOf((await priceEvent(client, "BTC", Number(price.toFixed(2)))).data);
    expect(event.full).toBe(false);
    const btc = event.coins.find((coin) => coin.symbol === "BTC")!;
    expect(btc.change24h).toBeCloseTo(((Number(price.toFixed(2)) - 90000) / 90000) * 100, 6);
    expect(await tickerPrice("BTC")).toBe(Number(price.toFixed(2)));
  });

  it("coalesces a burst: the latest price wins and no backlog is sent", async () => {
    const client = await reader();
    await client.next();
    const start = livePrices.ethereum!;
    for (let step = 1; step <= 200; step += 1) {
      feed.ticker({ product: "ETH-USD", price: (start + step / 100).toFixed(2) });
    }
    const last = Number((start + 2).toFixed(2));
    await priceEvent(client, "ETH", last);
    const ethEvents = client.events.filter(
      (event) =>
        event.event === "prices" && pricesOf(event.data).coins.some((c) => c.symbol === "ETH"),
    );
    // 200 ticks in one burst reach the reader as a handful of events, not 200.
    expect(ethEvents.length).toBeLessThan(20);
  });

  it("ignores malformed messages, duplicate and late sequence numbers, and prices of 0", async () => {
    const client = await reader();
    await client.next();
    feed.ticker({ product: "SOL-USD", price: "210.00", sequence: 900_000 });
    await priceEvent(client, "SOL", 210);
    feed.raw("{not json");
    feed.raw('"just a string"');
    feed.raw(JSON.stringify({ type: "ticker", product_id: "SOL-USD", price: "x", sequence: 5 }));
    feed.ticker({ product: "SOL-USD", price: "211.00", sequence: 900_000 }); // duplicate
    feed.ticker({ product: "SOL-USD", price: "212.00", sequence: 899_999 }); // late
    feed.ticker({ product: "SOL-USD", price: "0", sequence: 900_001 }); // zero
    feed.ticker({ product: "SOL-USD", price: "213.00", sequence: 900_002 });
    await priceEvent(client, "SOL", 213);
    const solPrices = coinsOf(client, "SOL").map((coin) => coin.price);
    expect(solPrices).not.toContain(211);
    expect(solPrices).not.toContain(212);
    expect(solPrices).not.toContain(0);
    expect(await tickerPrice("SOL")).toBe(213);
  });

  it("holds back a 50% jump and publishes it only when the price API agrees", async () => {
    const client = await reader();
    await client.next();
    const before = (await tickerPrice("LTC"))!;
    const { marketsCalls } = stream;
    // The price API still says the old price: the jump is dropped.
    const callsBefore = marketsCalls();
    feed.ticker({ product: "LTC-USD", price: (before * 2).toFixed(2) });
    await expect.poll(marketsCalls, { timeout: 30_000 }).toBeGreaterThan(callsBefore);
    // A later ordinary tick goes through, and the jump never did.
    feed.ticker({ product: "LTC-USD", price: (before * 1.01).toFixed(2) });
    await priceEvent(client, "LTC", Number((before * 1.01).toFixed(2)));
    const ltc = coinsOf(client, "LTC");
    expect(ltc.map((coin) => coin.price)).not.toContain(Number((before * 2).toFixed(2)));

    // The price API confirms the new level: the held tick is published.
    const confirmed = Number((before * 1.01 * 1.6).toFixed(2));
    stream.provider.setHandler((request, response) => {
      if (request.path === "/api/v3/coins/markets") {
        return sendJson(response, 200, [
          { id: "litecoin", symbol: "ltc", name: "Litecoin", current_price: confirmed * 0.99 },
        ]);
      }
      return healthyProvider()(request, response);
    });
    try {
      feed.ticker({ product: "LTC-USD", price: confirmed.toFixed(2) });
      await priceEvent(client, "LTC", confirmed);
      expect(await tickerPrice("LTC")).toBe(confirmed);
    } finally {
      stream.provider.setHandler(healthyProvider());
    }
  });

  it("says delayed when the exchange drops the connection, reconnects and fills the gap", async () => {
    const client = await reader();
    await stateEvent(client, "live");
    const connections = feed.connectionCount();
    const fills = stream.marketsCalls();
    feed.dropAll();
    await stateEvent(client, "delayed");
    await stateEvent(client, "live");
    expect(feed.connectionCount()).toBeGreaterThan(connections);
    // After the reconnect the prices are checked against the price API (the gap fill).
    await expect.poll(stream.marketsCalls, { timeout: 30_000 }).toBeGreaterThan(fills);
  });

  it("keeps a price streamed while a gap fill waited on the price API", async () => {
    const client = await reader();
    await stateEvent(client, "live");
    // ETH moves on the stream before the drop, so the fill's answer for it shows when it lands.
    const ethStreamed = Number((livePrices.ethereum! * 1.01).toFixed(2));
    feed.ticker({ product: "ETH-USD", price: ethStreamed.toFixed(2) });
    await priceEvent(client, "ETH", ethStreamed);
    // The price API answers the gap fill only when the test lets it, with what it knew before.
    const fills = stream.marketsCalls();
    const release = holdMarkets(healthyProvider());
    try {
      feed.dropAll();
      await stateEvent(client, "delayed");
      await stateEvent(client, "live");
      await expect.poll(stream.marketsCalls, { timeout: 30_000 }).toBeGreaterThan(fills);
      // Meanwhile the stream brings a newer BTC price.
      const btcStreamed = Number((livePrices.bitcoin! * 1.02).toFixed(2));
      feed.ticker({ product: "BTC-USD", price: btcStreamed.toFixed(2) });
      await priceEvent(client, "BTC", btcStreamed);
      release();
      // The fill lands (ETH back to the API's price); BTC keeps the streamed one.
      await priceEvent(client, "ETH", livePrices.ethereum!);
      expect(await tickerPrice("BTC")).toBe(btcStreamed);
      expect(coinsOf(client, "BTC").at(-1)?.price).toBe(btcStreamed);
    } finally {
      release();
      stream.provider.setHandler(healthyProvider());
    }
  });

  it("keeps a price streamed after the fill had its answer, while the fill asks other coins", async () => {
    const client = await reader();
    await stateEvent(client, "live");
    // BTC's answer comes at once; the next coins' wait until the test lets them, and ETH's is a
    // price of its own so its event shows when the fill lands.
    const ethFilled = Number((livePrices.ethereum! * 1.03).toFixed(2));
    const release = holdMarkets(
      priceApiWith({ ethereum: ethFilled }),
      (request) => request.query.get("ids") !== "bitcoin",
    );
    try {
      const before = stream.provider.requestsTo("/api/v3/coins/markets").length;
      feed.dropAll();
      await stateEvent(client, "delayed");
      await stateEvent(client, "live");
      // The fill asks one coin after another: a held request for another coin means BTC's answer
      // is in.
      await expect
        .poll(() => stream.coinsAskedSince(before).some((ids) => ids !== "bitcoin"), {
          timeout: 30_000,
        })
        .toBe(true);
      const btcStreamed = Number((livePrices.bitcoin! * 1.03).toFixed(2));
      feed.ticker({ product: "BTC-USD", price: btcStreamed.toFixed(2) });
      await priceEvent(client, "BTC", btcStreamed);
      release();
      await priceEvent(client, "ETH", ethFilled);
      expect(coinsOf(client, "BTC").at(-1)?.price).toBe(btcStreamed);
      expect(await tickerPrice("BTC")).toBe(btcStreamed);
    } finally {
      release();
      stream.provider.setHandler(healthyProvider());
    }
  });

  it("says delayed on a silent stall (no heartbeats) and connects again", async () => {
    const client = await reader();
    await stateEvent(client, "live");
    const connections = feed.connectionCount();
    const before = stream.provider.requestsTo("/api/v3/coins/markets").length;
    feed.setHeartbeats(false);
    await stateEvent(client, "delayed");
    expect(stream.app.realtime.marketStream!.isLive()).toBe(false);
    feed.setHeartbeats(true);
    await stateEvent(client, "live");
    expect(feed.connectionCount()).toBeGreaterThan(connections);
    // The reconnect's fill asks one coin after another, Litecoin last. The tests after this one
    // count the price API's requests: on a loaded machine this fill's last ones came during
    // "fills only the coin whose trades were missed" (it saw chainlink and litecoin asked).
    await expect
      .poll(() => stream.coinsAskedSince(before).includes("litecoin"), { timeout: 60_000 })
      .toBe(true);
  });

  it("fills from the price API when a heartbeat shows missed trades", async () => {
    const client = await reader();
    await stateEvent(client, "live");
    const calls = stream.marketsCalls();
    feed.skipTrades("DOGE-USD", 3);
    await expect.poll(stream.marketsCalls, { timeout: 30_000 }).toBeGreaterThan(calls);
  });

  it("fills only the coin whose trades were missed: another coin keeps its streamed price", async () => {
    const client = await reader();
    await stateEvent(client, "live");
    const btcStreamed = Number((livePrices.bitcoin! * 1.01).toFixed(2));
    feed.ticker({ product: "BTC-USD", price: btcStreamed.toFixed(2) });
    await priceEvent(client, "BTC", btcStreamed);
    // The price API knows a DOGE price of its own now, so the reader's DOGE event can only come
    // from this test's fill (an earlier test's fill may still be landing on a busy machine).
    const dogeFilled = Number((livePrices.dogecoin! * 1.05).toFixed(4));
    stream.provider.setHandler(priceApiWith({ dogecoin: dogeFilled }));
    try {
      const before = stream.provider.requestsTo("/api/v3/coins/markets").length;
      // The fill's answer for DOGE reaches the reader. Trades are missed again on each try: in a
      // run beside stress --cpu 8 this wait once hung 120 s (its log does not say why; a fill
      // whose price API call fails drops its coins until the next gap).
      const filled = () => coinsOf(client, "DOGE").some((coin) => coin.price === dogeFilled);
      await expect
        .poll(
          () => {
            if (!filled()) feed.skipTrades("DOGE-USD", 3);
            return filled();
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .toBe(true);
      // Every fill asked the price API for DOGE alone.
      const asked = stream.provider.requestsTo("/api/v3/coins/markets").slice(before);
      expect(asked.length).toBeGreaterThan(0);
      expect(new Set(asked.map((request) => request.query.get("ids")))).toEqual(
        new Set(["dogecoin"]),
      );
      // BTC's streamed price is newer than the API's (a browser test at load 20 saw it replaced).
      expect(await tickerPrice("BTC")).toBe(btcStreamed);
    } finally {
      stream.provider.setHandler(healthyProvider());
    }
  });

  it("fills a gap noticed while another fill waits on the price API, once that one is done", async () => {
    const client = await reader();
    await stateEvent(client, "live");
    const solFilled = Number((livePrices.solana! * 1.05).toFixed(2));
    const release = holdMarkets(priceApiWith({ solana: solFilled }));
    try {
      const before = stream.provider.requestsTo("/api/v3/coins/markets").length;
      const ids = () =>
        stream.provider
          .requestsTo("/api/v3/coins/markets")
          .slice(before)
          .map((request) => request.query.get("ids"));
      // A missed trade shows against an earlier heartbeat of the same connection.
      const first = feed.heartbeatRounds();
      await expect.poll(feed.heartbeatRounds, { timeout: 30_000 }).toBeGreaterThan(first + 1);
      feed.skipTrades("DOGE-USD", 3);
      await expect.poll(ids, { timeout: 30_000 }).toEqual(["dogecoin"]);
      // DOGE's fill is waiting on the price API: SOL's missed trades are noticed meanwhile. The
      // app has read the heartbeat that shows them once it has read a tick sent after it.
      const rounds = feed.heartbeatRounds();
      feed.skipTrades("SOL-USD", 3);
      await expect.poll(feed.heartbeatRounds, { timeout: 30_000 }).toBeGreaterThan(rounds);
      const eth = Number(((await tickerPrice("ETH"))! * 1.01).toFixed(2));
      feed.ticker({ product: "ETH-USD", price: eth.toFixed(2) });
      await priceEvent(client, "ETH", eth);
      expect(ids()).toEqual(["dogecoin"]);
      release();
      // Owed, not dropped: asked for once DOGE's fill is done, and its answer reaches the reader.
      await expect.poll(ids, { timeout: 30_000 }).toEqual(["dogecoin", "solana"]);
      await priceEvent(client, "SOL", solFilled);
    } finally {
      release();
      stream.provider.setHandler(healthyProvider());
    }
  });

  it("records the streamed prices in the hour's history point", async () => {
    await expect
      .poll(
        async () => {
          // Sent again on each try: on a busy machine a late heartbeat can count as a stall, and
          // a tick sent while the stream reconnects is (rightly) never seen.
          feed.ticker({ product: "DOT-USD", price: "8.80" });
          const body = (
            await stream.app.inject({
              method: "GET",
              url: "/api/market-data/history?coins=DOT&period=24h",
            })
          ).json();
          const points = body.data.series[0].points;
          return points[points.length - 1]?.price;
        },
        { timeout: 30_000, interval: 300 },
      )
      .toBe(8.8);
  });
});
