import { limits } from "@aurumwire/shared/limits";
import { sampleCoins } from "@aurumwire/shared/market";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createCoinGeckoClient } from "../src/modules/market-data/coingecko-client";
import { createMarketDataRepository } from "../src/modules/market-data/repository";
import { createMarketDataService } from "../src/modules/market-data/service";
import { healthyProvider } from "./fake-coingecko";
import { type FakeServer, hang, sendJson, startFakeServer } from "./fake-http-server";
import { buildTestApp } from "./helpers";

async function getJson(app: FastifyInstance, url: string) {
  const response = await app.inject({ method: "GET", url });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe("market data without a provider", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("serves sample analytics labelled as sample", async () => {
    const body = await getJson(app, "/api/market-data");
    expect(body.success).toBe(true);
    expect(body.data.source).toBe("sample");
    expect(body.data.updatedAt).toBeNull();
    expect(body.data.marketAnalytics.length).toBeGreaterThan(0);
    for (const card of body.data.marketAnalytics) {
      expect(card).toEqual({
        title: expect.any(String),
        value: expect.any(Number),
        change: expect.any(Number),
        color: expect.any(String),
        chartType: expect.stringMatching(/^(line|bar)$/),
        sparkline: expect.any(Array),
      });
      expect(card.sparkline.length).toBeLessThanOrEqual(limits.sparklinePoints);
    }
  });

  it("serves the 12 fallback ticker coins labelled as sample", async () => {
    const body = await getJson(app, "/api/market-data/ticker");
    expect(body.data.source).toBe("sample");
    expect(body.data.coins).toHaveLength(12);
    expect(body.data.coins[0]).toEqual({
      symbol: "BTC",
      name: "Bitcoin",
      price: sampleCoins[0].price,
      change24h: sampleCoins[0].change,
    });
  });

  it("serves the 8 sample markets rows in the spec's order", async () => {
    const body = await getJson(app, "/api/market-data/markets");
    expect(body.data.source).toBe("sample");
    expect(body.data.assets.map((asset: { symbol: string }) => asset.symbol)).toEqual([
      "BTC",
      "ETH",
      "XRP",
      "BNB",
      "SOL",
      "ADA",
      "AVAX",
      "DOT",
    ]);
  });

  it("does not try to poll without a provider", async () => {
    expect(await app.services.marketData.refresh()).toBe("not_configured");
  });

  it("lets browsers and CDNs cache the answers for at most a minute, stale included", async () => {
    for (const url of ["/api/market-data", "/api/market-data/ticker", "/api/market-data/markets"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.headers["cache-control"], url).toBe(
        "public, max-age=30, s-maxage=30, stale-while-revalidate=30",
      );
    }
  });
});

describe("market data from a CoinGecko-compatible provider", () => {
  let provider: FakeServer;
  let app: FastifyInstance;

  beforeAll(async () => {
    provider = await startFakeServer(healthyProvider({ omit: ["polkadot"] }));
    // The default time-out (10 s): a stand-in that answers never races it (issue 33).
    app = await buildTestApp({
      marketData: { url: `${provider.url}/api/v3`, apiKey: "demo-key-123" },
    });
  });
  afterAll(async () => {
    await app?.close();
    await provider?.close();
  });

  it("does not poll on its own in tests: jobs start only when asked", async () => {
    await app.inject({ method: "GET", url: "/api/market-data/ticker" });
    expect(provider.requests).toHaveLength(0);
    expect((await getJson(app, "/api/market-data/ticker")).data.source).toBe("sample");
  });

  it("polls markets with sparklines and 24 h changes, and the global figures", async () => {
    expect(await app.services.marketData.refresh()).toBe("live");
    const [markets] = provider.requestsTo("/api/v3/coins/markets");
    expect(markets.query.get("vs_currency")).toBe("usd");
    expect(markets.query.get("sparkline")).toBe("true");
    expect(markets.query.get("price_change_percentage")).toBe("24h");
    expect(markets.query.get("ids")?.split(",")).toHaveLength(12);
    expect(markets.headers["x-cg-demo-api-key"]).toBe("demo-key-123");
    expect(provider.requestsTo("/api/v3/global")).toHaveLength(1);
  });

  it("serves live ticker prices from its cache without calling the provider", async () => {
    const before = provider.requests.length;
    const body = await getJson(app, "/api/market-data/ticker");
    expect(provider.requests.length).toBe(before);
    expect(body.data.source).toBe("live");
    expect(body.data.updatedAt).toEqual(expect.any(String));
    // Polkadot is missing from the provider's answer: 11 coins rather than a sample stand-in.
    expect(body.data.coins).toHaveLength(11);
    expect(body.data.coins[0]).toEqual({
      symbol: "BTC",
      name: "Bitcoin",
      price: 97_123.45,
      change24h: 1.6,
    });
  });

  it("builds analytics cards with at most 24 of the latest sparkline points", async () => {
    const body = await getJson(app, "/api/market-data");
    expect(body.data.source).toBe("live");
    const cards = body.data.marketAnalytics;
    const total = cards.find((card: { title: string }) => card.title === "Total Market Cap");
    expect(total).toMatchObject({ value: 3_210_000_000_000, change: -1.25, chartType: "bar" });
    expect(total.sparkline).toHaveLength(24);
    const bitcoin = cards.find((card: { title: string }) => card.title === "Bitcoin (BTC)");
    expect(bitcoin.value).toBe(97_123.45);
    expect(bitcoin.sparkline).toHaveLength(24);
    // The last 24 hourly points, ending at the current price.
    expect(bitcoin.sparkline[23]).toBeCloseTo(97_123.45, 2);
    expect(bitcoin.sparkline[0]).toBeCloseTo(97_123.45 - 23, 2);
  });

  it("fills the 8 markets rows and leaves a missing coin as N/A (null)", async () => {
    const body = await getJson(app, "/api/market-data/markets");
    expect(body.data.source).toBe("live");
    expect(body.data.assets).toHaveLength(8);
    expect(body.data.assets[0]).toEqual({
      symbol: "BTC",
      name: "Bitcoin",
      price: 97_123.45,
      change: 1.6,
      marketCap: 97_123.45 * 1_000_000,
      volume: 97_123.45 * 10_000,
    });
    expect(body.data.assets[7]).toEqual({
      symbol: "DOT",
      name: "Polkadot",
      price: null,
      change: null,
      marketCap: null,
      volume: null,
    });
  });

  it("keeps the last good answer when the provider sends malformed JSON", async () => {
    provider.setHandler((_request, response) => sendJson(response, 200, '[{"id": "bitcoin",'));
    expect(await app.services.marketData.refresh()).toBe("failed");
    const body = await getJson(app, "/api/market-data/ticker");
    expect(body.data.source).toBe("live");
    expect(body.data.coins[0].price).toBe(97_123.45);
    const status = await app.services.marketData.status();
    expect(status.lastError).toContain("not valid JSON");
  });

  it("keeps the last good answer when the provider answers with the wrong shape", async () => {
    const repository = createMarketDataRepository(app.database.db);
    await repository.write("provider-state", { failures: 0, nextAttemptAt: null });
    provider.setHandler((_request, response) => sendJson(response, 200, { error: "oops" }));
    expect(await app.services.marketData.refresh()).toBe("failed");
    expect((await getJson(app, "/api/market-data/ticker")).data.coins[0].price).toBe(97_123.45);
  });

  it("keeps the last good answer when the provider does not answer in time", async () => {
    const repository = createMarketDataRepository(app.database.db);
    await repository.write("provider-state", { failures: 0, nextAttemptAt: null });
    provider.setHandler(hang);
    // A second instance on the same database: the provider never answers, so only a hang decides
    // this, never the machine's speed (10 s, the suite's floor for any time-out).
    const impatient = createMarketDataService({
      repository,
      client: createCoinGeckoClient({ baseUrl: `${provider.url}/api/v3`, timeoutMs: 10_000 }),
    });
    expect(await impatient.syncFromStore()).toBe(true);
    expect(await impatient.refresh()).toBe("failed");
    const status = await app.services.marketData.status();
    expect(status.lastError).toMatch(/did not answer in 10000 ms/);
    expect(impatient.getTicker().source).toBe("live");
    expect((await getJson(app, "/api/market-data/ticker")).data.source).toBe("live");
  });

  it("spaces out retries after repeated failures", async () => {
    const status = await app.services.marketData.status();
    expect(status.failures).toBeGreaterThanOrEqual(1);
    const repository = createMarketDataRepository(app.database.db);
    await repository.write("provider-state", { failures: 1, nextAttemptAt: null });
    provider.setHandler((_request, response) => sendJson(response, 503, { error: "down" }));
    expect(await app.services.marketData.refresh()).toBe("failed");
    const after = await app.services.marketData.status();
    expect(after.failures).toBe(2);
    // The second failure in a row skips one regular poll (300 s).
    const waitMs = Date.parse(after.nextAttemptAt!) - Date.now();
    expect(waitMs).toBeGreaterThan(290_000);
    expect(waitMs).toBeLessThanOrEqual(300_000);
    const before = provider.requests.length;
    expect(await app.services.marketData.refresh()).toBe("backing_off");
    expect(provider.requests.length).toBe(before);
  });
});

describe("market data under the provider's rate limit", () => {
  let provider: FakeServer;
  let app: FastifyInstance;

  beforeAll(async () => {
    provider = await startFakeServer((_request, response) => {
      response.statusCode = 429;
      response.setHeader("retry-after", "120");
      response.end("slow down");
    });
    app = await buildTestApp({ marketData: { url: provider.url } });
  });
  afterAll(async () => {
    await app?.close();
    await provider?.close();
  });

  it("honours Retry-After and asks nothing until it has passed", async () => {
    expect(await app.services.marketData.refresh()).toBe("failed");
    const status = await app.services.marketData.status();
    const waitMs = Date.parse(status.nextAttemptAt!) - Date.now();
    expect(waitMs).toBeGreaterThan(110_000);
    expect(waitMs).toBeLessThanOrEqual(120_000);
    expect(status.lastError).toContain("429");

    const asked = provider.requests.length;
    expect(await app.services.marketData.refresh()).toBe("backing_off");
    expect(provider.requests.length).toBe(asked);
    expect((await getJson(app, "/api/market-data/ticker")).data.source).toBe("sample");
  });

  it("switches from sample to live once the wait is over and the provider recovers", async () => {
    // Let the Retry-After pass (as if two minutes went by).
    const repository = createMarketDataRepository(app.database.db);
    const state = await app.services.marketData.status();
    await repository.write("provider-state", {
      failures: state.failures,
      nextAttemptAt: new Date(Date.now() - 1000).toISOString(),
      lastError: state.lastError,
      lastErrorAt: state.lastErrorAt,
    });
    provider.setHandler((request, response) =>
      healthyProvider()({ ...request, path: `/api/v3${request.path}` }, response),
    );
    expect((await getJson(app, "/api/market-data")).data.source).toBe("sample");
    expect(await app.services.marketData.refresh()).toBe("live");
    expect((await getJson(app, "/api/market-data")).data.source).toBe("live");
    expect((await getJson(app, "/api/market-data/ticker")).data.coins).toHaveLength(12);
    const recovered = await app.services.marketData.status();
    expect(recovered.failures).toBe(0);
    expect(recovered.nextAttemptAt).toBeNull();
  });

  it("shares the last good answer with other instances through the database", async () => {
    // A second instance on the same database that never polled itself.
    const other = createMarketDataService({
      repository: createMarketDataRepository(app.database.db),
      client: createCoinGeckoClient({ baseUrl: "http://127.0.0.1:9", timeoutMs: 10_000 }),
    });
    expect(other.getTicker().source).toBe("sample");
    expect(await other.syncFromStore()).toBe(true);
    expect(other.getTicker().source).toBe("live");
    expect(other.getTicker().coins[0].price).toBe(97_123.45);
    expect(await other.syncFromStore()).toBe(false);
  });
});

describe("the market data jobs", () => {
  let provider: FakeServer;
  let app: FastifyInstance;

  beforeAll(async () => {
    provider = await startFakeServer(healthyProvider());
    app = await buildTestApp({ marketData: { url: `${provider.url}/api/v3` } });
  });
  afterEach(async () => {
    await app?.jobs.stop();
  });
  afterAll(async () => {
    await app?.close();
    await provider?.close();
  });

  it("polls at once when a test starts the job and stops when asked", async () => {
    expect(provider.requests).toHaveLength(0);
    app.jobs.start(["market-data:poll"]);
    // vi.waitFor's own limit is one second: a hang ends at the test's limit instead.
    const patiently = { timeout: 60_000 };
    await vi.waitFor(
      () => expect(app.services.marketData.getTicker().source).toBe("live"),
      patiently,
    );
    // Markets and global, then the first two coins' history backfill (market-history.test.ts).
    await vi.waitFor(() => expect(provider.requests).toHaveLength(4), patiently);
    await app?.jobs.stop();
    expect(provider.requests).toHaveLength(4);
    expect(provider.requestsTo("/api/v3/coins/markets")).toHaveLength(1);
    expect(provider.requestsTo("/api/v3/global")).toHaveLength(1);
    expect(provider.requests.map((request) => request.path).slice(2)).toEqual([
      "/api/v3/coins/bitcoin/market_chart",
      "/api/v3/coins/ethereum/market_chart",
    ]);
  });

  it("registers every scheduled job of the app, each once", () => {
    expect(app.jobs.names()).toEqual([
      "market-data:poll",
      "market-data:sync",
      "breaking-news:read-feeds",
      "partner:send-queue",
      "newsletter:mail",
      "mail:outbox",
      "database:vacuum-analyze",
      "ai-images:batches",
      "sentiment:refresh",
      "articles:scheduled-publication",
      "auth:sessions-cleanup",
      "work-queue:cleanup",
    ]);
  });
});
