import { tickerCoins } from "@aurumwire/shared/market";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMarketDataRepository } from "../src/modules/market-data/repository";
import type { BackfillState } from "../src/modules/market-data/service";
import { chartPrice, healthyProvider, livePrices } from "./fake-coingecko";
import { type FakeServer, sendJson, startFakeServer } from "./fake-http-server";
import { buildTestApp } from "./helpers";

const hourMs = 3_600_000;
const allSymbols = tickerCoins.map((coin) => coin.symbol);

async function history(app: FastifyInstance, query: string) {
  const response = await app.inject({ method: "GET", url: `/api/market-data/history?${query}` });
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    period: string;
    stepHours: number;
    updatedAt: string | null;
    series: Array<{
      symbol: string;
      name: string;
      points: Array<{ t: string; price: number; marketCap: number | null; volume: number | null }>;
    }>;
  };
}

describe("price history without a provider", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("has none, and makes none up from the sample data", async () => {
    expect(await app.services.marketData.refresh()).toBe("not_configured");
    const data = await history(app, "coins=BTC,eth&period=7d");
    expect(data).toEqual({
      period: "7d",
      stepHours: 1,
      updatedAt: null,
      series: [
        { symbol: "BTC", name: "Bitcoin", points: [] },
        { symbol: "ETH", name: "Ethereum", points: [] },
      ],
    });
  });

  it("refuses coins we do not track and periods we do not keep, saying why", async () => {
    const cases: Array<[string, RegExp]> = [
      ["period=7d", /Name the coins, e\.g\. coins=BTC,ETH/],
      ["coins=&period=7d", /Name at least one coin/],
      [
        "coins=BTC,FOO,bar&period=7d",
        /No price history is kept for FOO, BAR; the tracked coins are BTC, ETH/,
      ],
      [`coins=${[...allSymbols, "FOO"].join(",")}&period=7d`, /Name at most 12 coins/],
      ["coins=BTC&period=1y", /period must be one of 24h, 7d, 30d, 90d/],
      ["coins=BTC", /period must be one of 24h, 7d, 30d, 90d/],
    ];
    for (const [query, message] of cases) {
      const response = await app.inject({
        method: "GET",
        url: `/api/market-data/history?${query}`,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe("validation_failed");
      expect(response.json().error, query).toMatch(message);
    }
  });
});

describe("price history from a CoinGecko-compatible provider", () => {
  let provider: FakeServer;
  let app: FastifyInstance;
  const start = Date.parse("2026-03-10T10:20:00Z");
  const hourIso = (at: string) => new Date(Date.parse(at)).toISOString();

  /** One poll of the job at a moment of our fake clock. */
  async function pollAt(at: string) {
    vi.setSystemTime(Date.parse(at));
    return app.services.marketData.refresh();
  }
  /** Every stored point of a coin, oldest first. */
  async function storedPoints(symbol: string) {
    const repository = createMarketDataRepository(app.database.db);
    return repository.readHistory([symbol], new Date(0), 1);
  }
  async function backfillState() {
    const repository = createMarketDataRepository(app.database.db);
    return (await repository.read<BackfillState>("history-backfill"))?.payload.coins ?? {};
  }
  const chartRequests = () =>
    provider.requests.filter((request) => request.path.endsWith("/market_chart"));

  beforeAll(async () => {
    // Only the clock is fake: time-outs and the servers run on real timers.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start);
    provider = await startFakeServer(healthyProvider());
    app = await buildTestApp({
      marketData: { url: `${provider.url}/api/v3`, apiKey: "demo-key-123" },
      // The stand-in answers: its time-out must not decide a result. The first poll (cold
      // connections, twelve coins, the backfill's 90-day charts) took over the 10 s default at a
      // load of ~25 and failed, and every later test read its back-off (issue 33). 60 s still
      // bounds a hang well inside the test's own limit.
      outboundTimeoutMs: 60_000,
    });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await app?.close();
    await provider?.close();
  });

  it("records this hour's point of every coin it polled", async () => {
    expect(await pollAt("2026-03-10T10:20:00Z")).toBe("live");
    // DOGE is not among the first coins backfilled: the poll's point is all it has.
    expect(await storedPoints("DOGE")).toEqual([
      {
        symbol: "DOGE",
        hour: new Date("2026-03-10T10:00:00Z"),
        price: 0.3456,
        marketCap: 0.3456 * 1_000_000,
        volume: 0.3456 * 10_000,
      },
    ]);
    for (const symbol of allSymbols) {
      const points = await storedPoints(symbol);
      expect(points.at(-1)?.hour.toISOString(), symbol).toBe(hourIso("2026-03-10T10:00:00Z"));
    }
  });

  it("backfills two coins after a poll from 90 days of their market chart", async () => {
    const requests = chartRequests();
    expect(requests.map((request) => request.path)).toEqual([
      "/api/v3/coins/bitcoin/market_chart",
      "/api/v3/coins/ethereum/market_chart",
    ]);
    expect(requests[0]!.query.get("vs_currency")).toBe("usd");
    expect(requests[0]!.query.get("days")).toBe("90");
    expect(requests[0]!.headers["x-cg-demo-api-key"]).toBe("demo-key-123");

    const bitcoin = await storedPoints("BTC");
    // Hourly from 90 days ago (the first whole hour after) to this hour: one point per hour.
    expect(bitcoin).toHaveLength(90 * 24);
    expect(bitcoin[0]!.hour.toISOString()).toBe(hourIso("2025-12-10T11:00:00Z"));
    const hours = bitcoin.map((point) => point.hour.getTime());
    expect(hours.every((hour, index) => index === 0 || hour - hours[index - 1]! === hourMs)).toBe(
      true,
    );
    // A charted hour has the chart's figures of that moment (09:07:13)...
    const nine = bitcoin.at(-2)!;
    expect(nine.hour.toISOString()).toBe(hourIso("2026-03-10T09:00:00Z"));
    const hoursAgo = (start - Date.parse("2026-03-10T09:07:13Z")) / hourMs;
    expect(nine.price).toBeCloseTo(chartPrice("bitcoin", hoursAgo), 6);
    expect(nine.marketCap).toBeCloseTo(chartPrice("bitcoin", hoursAgo) * 1_000_000, 0);
    expect(nine.volume).toBeCloseTo(chartPrice("bitcoin", hoursAgo) * 10_000, 2);
    // ...and the hour we polled ourselves keeps the poll's price.
    expect(bitcoin.at(-1)!.price).toBe(97_123.45);

    const state = await backfillState();
    expect(state.BTC).toMatchObject({ doneAt: expect.any(String), points: 90 * 24 });
    expect(state.ETH).toMatchObject({ doneAt: expect.any(String), lastError: null });
    expect(state.XRP).toBeUndefined();
  });

  it("keeps one point per coin per hour: a later poll in the hour replaces its figures", async () => {
    livePrices.dogecoin = 0.35;
    try {
      expect(await pollAt("2026-03-10T10:50:00Z")).toBe("live");
      expect(await storedPoints("DOGE")).toEqual([
        expect.objectContaining({ hour: new Date("2026-03-10T10:00:00Z"), price: 0.35 }),
      ]);
    } finally {
      livePrices.dogecoin = 0.3456;
    }
    expect(await pollAt("2026-03-10T11:05:00Z")).toBe("live");
    expect(
      (await storedPoints("DOGE")).map((point) => [point.hour.toISOString(), point.price]),
    ).toEqual([
      [hourIso("2026-03-10T10:00:00Z"), 0.35],
      [hourIso("2026-03-10T11:00:00Z"), 0.3456],
    ]);
    // Two more coins a poll.
    expect(chartRequests().map((request) => request.path.split("/")[4])).toEqual([
      "bitcoin",
      "ethereum",
      "ripple",
      "binancecoin",
      "solana",
      "cardano",
    ]);
  });

  it("answers each period, one point per step, the tracked coins in market-cap order", async () => {
    const day = await history(app, "coins=eth,BTC&period=24h");
    expect(day.series.map((series) => [series.symbol, series.name])).toEqual([
      ["BTC", "Bitcoin"],
      ["ETH", "Ethereum"],
    ]);
    expect(day.updatedAt).toBe(hourIso("2026-03-10T11:00:00Z"));
    const btcDay = day.series[0]!.points;
    expect(btcDay).toHaveLength(24);
    expect(btcDay[0]!.t).toBe(hourIso("2026-03-09T12:00:00Z"));
    expect(btcDay.at(-1)).toEqual({
      t: hourIso("2026-03-10T11:00:00Z"),
      price: 97_123.45,
      marketCap: 97_123.45 * 1_000_000,
      volume: 97_123.45 * 10_000,
    });

    const week = await history(app, "coins=BTC&period=7d");
    expect(week.stepHours).toBe(1);
    expect(week.series[0]!.points).toHaveLength(7 * 24);

    // 30 days in 4-hour steps, 90 days in 12-hour steps: the last hour of each UTC-aligned step,
    // and the newest point as the last one (the step in progress).
    for (const [period, step, days] of [
      ["30d", 4, 30],
      ["90d", 12, 90],
    ] as const) {
      const answer = await history(app, `coins=BTC,ETH&period=${period}`);
      expect(answer.stepHours).toBe(step);
      for (const series of answer.series) {
        const points = series.points;
        expect(points.length, `${period} ${series.symbol}`).toBeLessThanOrEqual(181);
        expect(points.length).toBeGreaterThanOrEqual((days * 24) / step);
        const times = points.map((point) => Date.parse(point.t));
        expect([...times].sort((a, b) => a - b)).toEqual(times);
        expect(times[0]).toBeGreaterThan(Date.parse("2026-03-10T11:00:00Z") - days * 24 * hourMs);
        for (const at of times.slice(1, -1)) {
          expect((at / hourMs) % step, new Date(at).toISOString()).toBe(step - 1);
        }
        expect(points.at(-1)!.t).toBe(hourIso("2026-03-10T11:00:00Z"));
      }
    }

    // A coin with only its polled points (10:00 and 11:00): one 12-hour step.
    const doge = await history(app, "coins=DOGE&period=90d");
    expect(doge.series[0]!.points.map((point) => point.t)).toEqual([
      hourIso("2026-03-10T11:00:00Z"),
    ]);
  });

  it("goes on with the other coins when one coin's backfill fails, and retries it later", async () => {
    provider.setHandler((request, response) => {
      if (request.path === "/api/v3/coins/avalanche-2/market_chart") {
        return sendJson(response, 500, { error: "internal" });
      }
      if (request.path === "/api/v3/coins/polkadot/market_chart") {
        return sendJson(response, 200, '{"prices": [[1741600000000, 8.7],');
      }
      if (request.path === "/api/v3/coins/tron/market_chart") {
        return sendJson(response, 200, { prices: "not a list" });
      }
      return healthyProvider()(request, response);
    });
    expect(await pollAt("2026-03-10T11:10:00Z")).toBe("live");
    let state = await backfillState();
    expect(state.AVAX).toMatchObject({ doneAt: null, lastError: expect.stringContaining("500") });
    expect(state.DOT).toMatchObject({
      doneAt: null,
      lastError: expect.stringContaining("not valid JSON"),
    });
    // Nothing half-written: only the polled hours.
    expect(await storedPoints("AVAX")).toHaveLength(2);
    expect(await storedPoints("DOT")).toHaveLength(2);
    // A failed backfill is not the provider refusing us: no backoff.
    expect((await app.services.marketData.status()).nextAttemptAt).toBeNull();

    // The coins not tried yet go first.
    expect(await pollAt("2026-03-10T11:15:00Z")).toBe("live");
    state = await backfillState();
    expect(state.DOGE?.doneAt).toEqual(expect.any(String));
    expect(state.TRX).toMatchObject({
      doneAt: null,
      lastError: expect.stringContaining("has no list of prices"),
    });
    expect(await pollAt("2026-03-10T11:20:00Z")).toBe("live");
    state = await backfillState();
    expect(state.LINK?.doneAt && state.LTC?.doneAt).toBeTruthy();
    expect(
      chartRequests()
        .slice(-6)
        .map((request) => request.path.split("/")[4]),
    ).toEqual(["avalanche-2", "polkadot", "dogecoin", "tron", "chainlink", "litecoin"]);
  });

  it("honours a 429 with Retry-After from the market chart as the provider's backoff", async () => {
    provider.setHandler((request, response) => {
      if (request.path === "/api/v3/coins/avalanche-2/market_chart") {
        response.statusCode = 429;
        response.setHeader("retry-after", "600");
        return response.end("slow down");
      }
      return healthyProvider()(request, response);
    });
    const asked = chartRequests().length;
    // The prices of this poll are served; the backfill stops at the refusal.
    expect(await pollAt("2026-03-10T11:25:00Z")).toBe("live");
    expect(
      chartRequests()
        .slice(asked)
        .map((request) => request.path.split("/")[4]),
    ).toEqual(["avalanche-2"]);
    const status = await app.services.marketData.status();
    expect(status.nextAttemptAt).toBe(
      new Date(Date.parse("2026-03-10T11:25:00Z") + 600_000).toISOString(),
    );
    expect(status.lastError).toContain("429");
    expect((await backfillState()).AVAX?.doneAt).toBeNull();

    const before = provider.requests.length;
    expect(await pollAt("2026-03-10T11:30:00Z")).toBe("backing_off");
    expect(provider.requests.length).toBe(before);

    provider.setHandler(healthyProvider());
    expect(await pollAt("2026-03-10T11:36:00Z")).toBe("live");
    expect(await pollAt("2026-03-10T11:41:00Z")).toBe("live");
    const state = await backfillState();
    for (const symbol of allSymbols) {
      expect(state[symbol]?.doneAt, symbol).toEqual(expect.any(String));
    }
    expect(await storedPoints("AVAX")).toHaveLength(90 * 24);
    // Every coin has its history: a poll asks for no more charts.
    const charts = chartRequests().length;
    expect(await pollAt("2026-03-10T11:46:00Z")).toBe("live");
    expect(chartRequests().length).toBe(charts);
  });

  it("deletes points older than the longest period and its margin when it polls", async () => {
    const repository = createMarketDataRepository(app.database.db);
    const now = Date.parse("2026-03-10T12:00:00Z");
    await repository.recordHourlyPoints([
      {
        symbol: "BTC",
        hour: new Date(now - 93 * 24 * hourMs),
        price: 1,
        marketCap: null,
        volume: null,
      },
      {
        symbol: "BTC",
        hour: new Date(now - 91 * 24 * hourMs),
        price: 2,
        marketCap: null,
        volume: null,
      },
    ]);
    expect(await pollAt("2026-03-10T12:05:00Z")).toBe("live");
    const kept = (await storedPoints("BTC")).filter((point) => point.price < 10);
    expect(kept.map((point) => point.hour.toISOString())).toEqual([
      new Date(now - 91 * 24 * hourMs).toISOString(),
    ]);
  });
});
