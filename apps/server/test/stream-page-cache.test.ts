import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isCacheablePagePath } from "../src/lib/page-cache/store";
import type { WebLoadContext } from "../src/lib/web-app/load-context";
import { type FakeCoinbaseFeed, startFakeCoinbaseFeed } from "./fake-coinbase-feed";
import { livePrices } from "./fake-coingecko";
import {
  priceEvent,
  pricesOf,
  type StreamApp,
  startStreamApp,
  stateEvent,
} from "./market-stream-fixture";
import { openSse } from "./sse-client";

/**
 * Live prices have no effect on the page cache (issue 34, decisions 080-082 and 231): ticks, the
 * gap fill after a reconnect and the streamed hour points leave the cached pages as they are (the
 * page on the reader's screen updates itself over the stream), and `GET /api/stream` is never
 * kept. The built web app is not there in unit tests: a stand-in renders the ticker's BTC price
 * and counts its renders.
 */
const renders = new Map<string, number>();

async function standInWebApp(request: Request, context: WebLoadContext): Promise<Response> {
  const { pathname } = new URL(request.url);
  renders.set(pathname, (renders.get(pathname) ?? 0) + 1);
  const btc = context.services.marketData
    .getTicker()
    .coins.find((coin) => coin.symbol === "BTC")?.price;
  return new Response(
    `<!doctype html><html><body><p data-path="${pathname}">${btc}</p></body></html>`,
    {
      headers: { "content-type": "text/html; charset=utf-8" },
    },
  );
}

describe("live prices and the page cache", () => {
  let feed: FakeCoinbaseFeed;
  let stream: StreamApp;
  const pages = ["/", "/markets", "/coin/bitcoin", "/about"];
  const get = (url: string) => fetch(`${stream.base}${url}`);

  beforeAll(async () => {
    feed = await startFakeCoinbaseFeed({ heartbeatMs: 100 });
    stream = await startStreamApp(
      { url: feed.url, kind: "coinbase" },
      { config: { pageCacheTtlSeconds: 600 }, build: { web: { handleRequest: standInWebApp } } },
    );
  });
  afterAll(async () => {
    stream?.closeReaders();
    await stream?.close();
    await feed?.close();
  });

  it("leaves cached pages in place while ticks, a gap fill and hour points come in", async () => {
    const bodies = new Map<string, string>();
    for (const page of pages) {
      const first = await get(page);
      expect(first.status, page).toBe(200);
      bodies.set(page, await first.text());
      const again = await get(page);
      expect(again.headers.get("x-page-cache"), page).toBe("hit");
      await again.arrayBuffer();
    }
    const rendered = new Map(renders);

    const client = await stream.reader();
    await stateEvent(client, "live");
    const btc = Number((livePrices.bitcoin! * 1.01).toFixed(2));
    for (let step = 0; step < 20; step += 1) {
      feed.ticker({ product: "ETH-USD", price: (livePrices.ethereum! + step / 100).toFixed(2) });
    }
    feed.ticker({ product: "BTC-USD", price: btc.toFixed(2) });
    await priceEvent(client, "BTC", btc);
    expect(await stream.tickerPrice("BTC")).toBe(btc);
    // A reconnect and its gap fill from the price API.
    const calls = stream.marketsCalls();
    feed.dropAll();
    await stateEvent(client, "delayed");
    await stateEvent(client, "live");
    await expect.poll(stream.marketsCalls, { timeout: 30_000 }).toBeGreaterThan(calls);
    // The streamed prices written into the hour's history point (every 200 ms in this app).
    await expect
      .poll(
        async () => {
          feed.ticker({ product: "DOT-USD", price: "8.80" });
          const body = (
            await stream.app.inject({ url: "/api/market-data/history?coins=DOT&period=24h" })
          ).json();
          return body.data.series[0].points.at(-1)?.price;
        },
        { timeout: 30_000, interval: 300 },
      )
      .toBe(8.8);

    for (const page of pages) {
      const after = await get(page);
      expect(after.headers.get("x-page-cache"), page).toBe("hit");
      // The copy rendered before the ticks, not a new render.
      expect(await after.text(), page).toBe(bodies.get(page));
    }
    expect(new Map(renders)).toEqual(rendered);
  });

  it("never keeps GET /api/stream: every request is a new stream with the prices of now", async () => {
    expect(isCacheablePagePath("/api/stream")).toBe(false);
    const first = await openSse(`${stream.base}/api/stream`);
    try {
      expect(first.headers["x-page-cache"]).toBeUndefined();
      expect(first.headers["cache-control"]).toBe("no-store, no-transform");
      await first.next();
    } finally {
      first.close();
    }
    const sol = Number((livePrices.solana! * 1.02).toFixed(2));
    const watcher = await stream.reader();
    await watcher.next();
    feed.ticker({ product: "SOL-USD", price: sol.toFixed(2) });
    await priceEvent(watcher, "SOL", sol);
    for (const url of ["/api/stream", "/api/stream?cb=1"]) {
      const again = await openSse(`${stream.base}${url}`);
      try {
        expect(again.headers["x-page-cache"], url).toBeUndefined();
        const prices = pricesOf((await again.next()).data);
        expect(prices.full).toBe(true);
        expect(prices.coins.find((coin) => coin.symbol === "SOL")?.price, url).toBe(sol);
      } finally {
        again.close();
      }
    }
    const cache = stream.app.services.pageCache;
    for (const key of ["/api/stream", "/api/stream?cb=1"]) {
      expect(cache.lookup(key), key).toBeUndefined();
    }
    expect(renders.has("/api/stream")).toBe(false);
  });
});
