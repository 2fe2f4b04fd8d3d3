import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeCoinbaseFeed, startFakeCoinbaseFeed } from "./fake-coinbase-feed";
import { priceEvent, type StreamApp, startStreamApp, stateEvent } from "./market-stream-fixture";

/**
 * The Coinbase adapter's reading of heartbeats that carry no trade id (decision 230), against the
 * local Coinbase-protocol feed and the real server, as market-stream.test.ts does.
 */

describe("Coinbase heartbeats whose last_trade_id is 0 (as the real feed sends, decision 230)", () => {
  let feed: FakeCoinbaseFeed;
  let stream: StreamApp;

  beforeAll(async () => {
    feed = await startFakeCoinbaseFeed({ heartbeatMs: 100 });
    // From the first heartbeat on: nothing seen before says what a trade id is.
    feed.setZeroTradeIds(true);
    stream = await startStreamApp({ url: feed.url, kind: "coinbase" });
  });
  afterAll(async () => {
    stream?.closeReaders();
    await stream?.close();
    await feed?.close();
  });

  /** The app has read every heartbeat sent so far once it has read a tick sent after them. */
  async function heartbeatsRead(client: Awaited<ReturnType<StreamApp["reader"]>>, price: number) {
    const rounds = feed.heartbeatRounds();
    await expect.poll(feed.heartbeatRounds, { timeout: 30_000 }).toBeGreaterThan(rounds + 1);
    feed.ticker({ product: "LINK-USD", price: price.toFixed(2) });
    await priceEvent(client, "LINK", price);
  }

  it("counts them as signs of life, never as trade ids: no gap fill, and real ids later still show gaps", async () => {
    const client = await stream.reader();
    await stateEvent(client, "live");
    const calls = stream.marketsCalls();
    await heartbeatsRead(client, 20.01);
    // The feed says real trade ids again: the first is where counting starts, not a gap of
    // every trade since id 0 (the old adapter filled every coin here).
    feed.setZeroTradeIds(false);
    await heartbeatsRead(client, 20.02);
    expect(stream.marketsCalls()).toBe(calls);
    expect(stream.app.realtime.marketStream!.isLive()).toBe(true);
    // Missed trades after that are still found.
    feed.skipTrades("DOGE-USD", 3);
    await expect.poll(stream.marketsCalls, { timeout: 30_000 }).toBeGreaterThan(calls);
  });
});
