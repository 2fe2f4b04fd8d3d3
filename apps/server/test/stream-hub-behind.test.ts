import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { TickerData } from "@aurumwire/shared/market";
import type { StreamPricesEvent } from "@aurumwire/shared/realtime-events";
import { afterEach, describe, expect, it } from "vitest";
import { createLocalBus, publishEvent } from "../src/modules/realtime/bus";
import { createStreamHub, type StreamHub } from "../src/modules/realtime/stream-hub";
import { openSse, type SseClient } from "./sse-client";

/**
 * A reader that falls behind (decision 324): price events skip it and it gets the whole current
 * prices once it has caught up, never a queue of stale ones; one that stays behind is dropped.
 * The hub runs on a real HTTP server; readers are real sockets that stop reading.
 */

const bus = createLocalBus();
let price = 100;
const ticker = (): TickerData => ({
  coins: [{ symbol: "BTC", name: "Bitcoin", price, change24h: 1 }],
  source: "live",
  updatedAt: new Date().toISOString(),
});

let hub: StreamHub | null = null;
let server: Server | null = null;
const readers: SseClient[] = [];

async function start(maxBehindMs: number) {
  hub = createStreamHub({
    bus,
    ticker,
    streaming: true,
    maxPerAddress: 10,
    maxConnections: 10,
    priceIntervalMs: 20,
    heartbeatMs: 200,
    // Large: this test is about readers that are behind, not over the byte limit.
    maxBufferedBytes: 64 * 1024 * 1024,
    maxBehindMs,
  });
  const opened = hub;
  server = createServer((_request, response) => opened.open(response, "reader", null));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const reader = await openSse(url);
  readers.push(reader);
  await reader.next((event) => event.event === "prices");
  return { hub: opened, reader };
}

/** Stops reading and sends big events until the server's socket for it holds unsent data. */
async function fallBehind(opened: StreamHub, reader: SseClient) {
  reader.pause();
  const big = "x".repeat(64 * 1024);
  for (let round = 0; round < 2_000 && opened.stats().behind === 0; round += 1) {
    publishEvent(bus, "live-update", { articleId: 1, slug: "a", action: "updated", big });
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(opened.stats().behind).toBe(1);
}

const tick = (value: number) =>
  bus.publish({
    kind: "ticks",
    ticks: [{ symbol: "BTC", price: value, change24h: 1, at: new Date().toISOString() }],
  });

afterEach(async () => {
  for (const reader of readers.splice(0)) reader.close();
  hub?.close();
  hub = null;
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
  server = null;
});

describe("a stream reader that falls behind", () => {
  it("skips price events while behind and gets the latest prices whole when it catches up", async () => {
    const { hub: opened, reader } = await start(60_000);
    await fallBehind(opened, reader);
    const pricesBefore = reader.events.filter((event) => event.event === "prices").length;

    // 30 price changes, each flushed on its own while the reader reads nothing.
    for (let value = 1; value <= 30; value += 1) {
      price = 1000 + value;
      tick(price);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    expect(opened.stats().skippedBehind).toBeGreaterThanOrEqual(30);

    reader.resume();
    const caughtUp = await reader.next(
      (event) => event.event === "prices" && (JSON.parse(event.data) as StreamPricesEvent).full,
    );
    const data = JSON.parse(caughtUp.data) as StreamPricesEvent;
    expect(data.coins).toEqual([expect.objectContaining({ symbol: "BTC", price: 1030 })]);
    // None of the 30 changes came as a backlog: between the pause and the whole prices, nothing.
    const prices = reader.events.filter((event) => event.event === "prices");
    expect(prices.length).toBe(pricesBefore + 1);
    expect(reader.isEnded()).toBe(false);

    // Caught up, it gets changes again as they come.
    price = 2000;
    tick(price);
    const next = await reader.next((event) => event.event === "prices");
    expect((JSON.parse(next.data) as StreamPricesEvent).coins[0]?.price).toBe(2000);
  });

  it("drops a reader that stays behind past maxBehindMs, and frees its slot", async () => {
    const { hub: opened, reader } = await start(300);
    const droppedBefore = opened.stats().droppedSlow;
    await fallBehind(opened, reader);
    // The heartbeat (every 200 ms) finds it still behind after 300 ms.
    while (opened.stats().droppedSlow === droppedBefore) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(opened.stats()).toMatchObject({ connections: 0, behind: 0 });
  });
});
