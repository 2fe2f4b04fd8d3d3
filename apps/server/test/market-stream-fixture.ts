import type { AddressInfo } from "node:net";
import type { StreamPricesEvent } from "@aurumwire/shared/realtime-events";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../src/config";
import { healthyProvider } from "./fake-coingecko";
import { type FakeServer, startFakeServer } from "./fake-http-server";
import { buildTestApp } from "./helpers";
import { openSse, type SseClient } from "./sse-client";

/**
 * What the exchange-stream tests share (Coinbase, decision 230; Kraken, 280): a real server whose
 * stream holder reads the given feed, the price API stand-in, readers on GET /api/stream, and the
 * waits for a price or a state in their events.
 */
export const pricesOf = (data: string) => JSON.parse(data) as StreamPricesEvent;

export async function startStreamApp(
  feed: { url: string; kind: "coinbase" | "kraken" },
  /** More settings, and how the app is built (a stand-in web app). */
  extra: { config?: Partial<AppConfig>; build?: Parameters<typeof buildTestApp>[2] } = {},
) {
  const provider: FakeServer = await startFakeServer(healthyProvider());
  const app: FastifyInstance = await buildTestApp(
    {
      ...extra.config,
      marketStream: {
        url: feed.url,
        kind: feed.kind,
        // The stall limit is never raced by a stand-in that answers (issue 33): only a silent feed
        // reaches it, in the stall tests, which wait the 10 s.
        tuning: { stallMs: 10_000, minBackoffMs: 100, gapFillMs: 0, historyEveryMs: 200 },
      },
      stream: {
        maxPerAddress: 50,
        maxConnections: 1000,
        tuning: { priceIntervalMs: 50, heartbeatMs: 500 },
      },
    },
    { MARKET_DATA_URL: `${provider.url}/api/v3` },
    extra.build,
  );
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  await app.services.marketData.refresh();
  await app.realtime.marketStream!.start();
  const readers: SseClient[] = [];
  return {
    app,
    provider,
    base,
    async reader() {
      const client = await openSse(`${base}/api/stream`);
      readers.push(client);
      return client;
    },
    closeReaders() {
      for (const client of readers.splice(0)) client.close();
    },
    async tickerPrice(symbol: string): Promise<number | undefined> {
      const body = (await app.inject({ method: "GET", url: "/api/market-data/ticker" })).json();
      return body.data.coins.find((coin: { symbol: string }) => coin.symbol === symbol)?.price;
    },
    marketsCalls: () => provider.requestsTo("/api/v3/coins/markets").length,
    /** The coins (`ids`) the price API was asked for after its first `since` requests. */
    coinsAskedSince: (since: number) =>
      provider
        .requestsTo("/api/v3/coins/markets")
        .slice(since)
        .map((request) => request.query.get("ids")),
    async close() {
      await app.close();
      await provider.close();
    },
  };
}

export type StreamApp = Awaited<ReturnType<typeof startStreamApp>>;

/** Every price of `symbol` the reader was sent. */
export const coinsOf = (client: SseClient, symbol: string) =>
  client.events
    .filter((event) => event.event === "prices")
    .flatMap((event) => pricesOf(event.data).coins.filter((coin) => coin.symbol === symbol));

/** The next prices event of the reader in which `symbol` has `price`. */
export const priceEvent = (client: SseClient, symbol: string, price: number) =>
  client.next(
    (event) =>
      event.event === "prices" &&
      pricesOf(event.data).coins.some((coin) => coin.symbol === symbol && coin.price === price),
  );

export const stateEvent = (client: SseClient, state: string) =>
  client.next((event) => event.event === "prices" && pricesOf(event.data).state === state);
