import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, loginAs } from "./helpers";
import { createArticle, createCategory, type Headers } from "./newsroom-fixtures";

// Sentiment (decisions 190-193): the analyse call, the stored sentiment of articles and the
// public index. The scoring job is not started in tests; they run its refresh themselves.

let app: FastifyInstance;
let editor: Headers;
let categoryId = 0;

beforeAll(async () => {
  app = await buildTestApp();
  editor = await loginAs(app, "editor");
  categoryId = (await createCategory(app, editor)).id;
});

afterAll(async () => {
  await app?.close();
});

const analyze = (payload: unknown, headers: Headers = editor) =>
  app.inject({
    method: "POST",
    url: "/api/sentiment/analyze",
    headers,
    payload: payload as object,
  });

const getAs = (url: string, headers: Headers) => app.inject({ method: "GET", url, headers });

async function createKey(permissions: string[]): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/api-keys",
    headers: editor,
    payload: { name: `Sentiment ${permissions.join(",")}`, permissions },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.apiKey;
}

describe("POST /api/sentiment/analyze", () => {
  it("scores one text with its coins and the phrases that drove it", async () => {
    const response = await analyze({
      title: "Ether slides as the bridge exploit drains $80 million",
      text: "<p>Hackers exploited the bridge and halted withdrawals. ETH fell 7%.</p>",
    });
    expect(response.statusCode).toBe(200);
    const [result] = response.json().data.results;
    expect(result.label).toBe("negative");
    expect(result.score).toBeLessThan(0);
    const ethereum = result.coins.find((coin: { slug: string }) => coin.slug === "ethereum");
    expect(ethereum).toMatchObject({ symbol: "ETH", label: "negative" });
    expect(result.drivers.map((driver: { phrase: string }) => driver.phrase)).toContain("exploit");
  });

  it("scores up to 100 texts in order", async () => {
    const response = await analyze({
      texts: [
        "Operating profit rose to EUR 13.1 mn from EUR 8.7 mn.",
        "The office is in Helsinki.",
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.results.map((result: { label: string }) => result.label)).toEqual([
      "positive",
      "neutral",
    ]);
  });

  it.each([
    ["an empty text", { text: "" }, "empty"],
    ["a whitespace-only text", { text: " \n\t " }, "empty"],
    ["binary", { text: "PK\u0003\u0004\u0014\u0006binary" }, "binary"],
    ["a NUL character", { text: "Bitcoin\u0000rose" }, "NUL"],
    ["a text over 20,000 characters", { text: "a".repeat(20_001) }, "20,000"],
    ["101 texts", { texts: Array.from({ length: 101 }, () => "Bitcoin rose.") }, "100"],
    ["an empty list", { texts: [] }, "empty"],
    ["a blank text in a list", { texts: ["Bitcoin rose.", "  "] }, "empty"],
    ["neither text nor texts", {}, "either"],
    ["both text and texts", { text: "a", texts: ["b"] }, "either"],
  ])("refuses %s with a clear 400", async (_name, payload, words) => {
    const response = await analyze(payload);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(words);
  });

  it("is for staff only", async () => {
    expect((await analyze({ text: "Bitcoin rose." }, {})).statusCode).toBe(401);
    const reader = await loginAs(app, "reader");
    expect((await analyze({ text: "Bitcoin rose." }, reader)).statusCode).toBe(403);
  });
});

describe("stored sentiment and the public index", () => {
  it("scores the demo content, a new publication and a changed text", async () => {
    // The first refresh backfills every public article of the demo content.
    const backfill = await app.services.sentiment.refresh();
    expect(backfill.articles).toBeGreaterThan(0);
    expect((await app.services.sentiment.refresh()).articles).toBe(0);

    const article = await createArticle(app, editor, categoryId, {
      title: "Bitcoin exchange hacked as attackers drain $200 million in BTC",
      excerpt: "Withdrawals are halted after the exploit, and bitcoin slid 6% in an hour.",
      status: "published",
    });
    expect((await app.services.sentiment.refresh()).articles).toBe(1);
    const stored = await app.services.sentiment.articleSentiment(article.id);
    expect(stored?.coins.find((coin) => coin.slug === "bitcoin")?.label).toBe("negative");

    const overview = await app.services.sentiment.overview();
    const bitcoin = overview.coins.find((coin) => coin.slug === "bitcoin")!;
    expect(bitcoin.items).toBeGreaterThanOrEqual(1);
    expect(bitcoin.index).not.toBeNull();
    expect(bitcoin.coverage).toMatch(/^Based on \d+ articles? in 24 h$/);

    const edited = await app.inject({
      method: "PUT",
      url: `/api/articles/${article.id}`,
      headers: editor,
      payload: {
        title: "Bitcoin exchange wins approval as BTC surges to a record high",
        excerpt:
          "The exchange won its licence, and bitcoin rallied 6% to an all-time high in an hour.",
      },
    });
    expect(edited.statusCode).toBe(200);
    expect((await app.services.sentiment.refresh()).articles).toBe(1);
    const again = await app.services.sentiment.articleSentiment(article.id);
    expect(again?.coins.find((coin) => coin.slug === "bitcoin")?.label).toBe("positive");

    // Unpublished: its sentiment goes with it.
    await app.inject({
      method: "PUT",
      url: `/api/articles/${article.id}`,
      headers: editor,
      payload: { status: "draft" },
    });
    await app.services.sentiment.refresh();
    expect(await app.services.sentiment.forArticles([article.id])).toEqual(new Map());
  });

  it("answers GET /public/sentiment under analytics:read, per coin, 404 for an unknown coin", async () => {
    await app.services.sentiment.refresh();
    const key = await createKey(["analytics:read"]);
    const call = (url: string, secret = key) =>
      app.inject({ method: "GET", url, headers: { "x-api-key": secret } });

    const all = await call("/public/sentiment");
    expect(all.statusCode).toBe(200);
    const data = all.json().data;
    expect(data.coins).toHaveLength(12);
    expect(data.overall.history).toHaveLength(30);
    expect(data.overall).toHaveProperty("trend");

    const one = await call("/public/sentiment?coin=Bitcoin");
    expect(one.statusCode).toBe(200);
    expect(one.json().data.coins.map((coin: { slug: string }) => coin.slug)).toEqual(["bitcoin"]);

    const unknown = await call("/public/sentiment?coin=notacoin");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toContain("notacoin");

    const other = await createKey(["categories:read"]);
    expect((await call("/public/sentiment", other)).statusCode).toBe(403);

    const openapi = (await app.inject({ method: "GET", url: "/public/openapi.json" })).json();
    expect(openapi.paths["/public/sentiment"] ?? openapi.paths["/sentiment"]).toBeDefined();
  });

  it("shows staff the stored phrases that drove a published article, null before scoring", async () => {
    const article = await createArticle(app, editor, categoryId, {
      title: "Ether slides as a bridge exploit drains $80 million and outflows mount",
      excerpt: "Withdrawals are halted after the exploit, and ETH fell 7% in an hour.",
      status: "published",
    });
    const read = (headers: Headers = editor) =>
      app.inject({ method: "GET", url: `/api/sentiment/articles/${article.id}`, headers });
    expect((await read()).json()).toEqual({ data: null });
    await app.services.sentiment.refresh();
    const response = await read();
    expect(response.statusCode).toBe(200);
    const stored = response.json().data;
    expect(stored.label).toBe("negative");
    expect(stored.drivers.map((driver: { phrase: string }) => driver.phrase)).toContain("exploit");
    const ether = stored.coins.find((coin: { slug: string }) => coin.slug === "ethereum");
    expect(ether.label).toBe("negative");
    expect(ether.drivers.length).toBeGreaterThan(0);
    expect((await read({})).statusCode).toBe(401);
    expect((await read(await loginAs(app, "reader"))).statusCode).toBe(403);
    expect((await getAs("/api/sentiment/articles/abc", editor)).statusCode).toBe(400);
  });

  it("adds sentiment to /public/articles and /public/articles/{id} for keys with analytics:read only", async () => {
    const article = await createArticle(app, editor, categoryId, {
      title: "Solana surges to a record high as ETF inflows accelerate",
      excerpt: "SOL rallied 12% after the approval, its best week this year.",
      status: "published",
    });
    await app.services.sentiment.refresh();
    const reader = await createKey(["articles:read"]);
    const analyst = await createKey(["articles:read", "analytics:read"]);
    const get = (url: string, key: string) =>
      app.inject({ method: "GET", url, headers: { "x-api-key": key } });

    const plainList = (await get("/public/articles?limit=50", reader)).json();
    expect(plainList.articles.length).toBeGreaterThan(0);
    for (const item of plainList.articles) expect(item).not.toHaveProperty("sentiment");
    expect(
      (await get(`/public/articles/${article.slug}`, reader)).json().article,
    ).not.toHaveProperty("sentiment");

    const list = (await get("/public/articles?limit=50", analyst)).json();
    const listed = list.articles.find((item: { id: number }) => item.id === article.id);
    expect(listed.sentiment.label).toBe("positive");
    expect(listed.sentiment.coins).toContainEqual(
      expect.objectContaining({ slug: "solana", symbol: "SOL", label: "positive" }),
    );
    for (const item of list.articles) expect(item).toHaveProperty("sentiment");

    for (const id of [article.slug, String(article.id)]) {
      const one = (await get(`/public/articles/${id}`, analyst)).json().article;
      expect(one.sentiment).toEqual(listed.sentiment);
    }

    // A draft (never scored) reads null, not absent, for an analytics key.
    const draft = await createArticle(app, editor, categoryId, { status: "draft" });
    const drafted = (await get(`/public/articles/${draft.id}`, analyst)).json().article;
    expect(drafted.sentiment).toBeNull();

    const openapi = (await app.inject({ method: "GET", url: "/public/openapi.json" })).json();
    const text = JSON.stringify(openapi.paths["/public/articles"] ?? openapi.paths["/articles"]);
    expect(text).toContain("analytics:read");
    expect(text).toContain("sentiment");
  });

  it("gives staff the daily sentiment per coin and per category for the dashboard", async () => {
    const category = await createCategory(app, editor);
    await createArticle(app, editor, category.id, {
      title: "Cardano plunges as exchange delists ADA after the exploit",
      excerpt: "ADA fell 18% and withdrawals were halted after the hack.",
      status: "published",
    });
    await app.services.sentiment.refresh();
    const response = await getAs("/api/sentiment/trends", editor);
    expect(response.statusCode).toBe(200);
    const { coins, categories } = response.json().data;
    expect(coins).toHaveLength(12);
    const cardano = coins.find((coin: { key: string }) => coin.key === "cardano");
    expect(cardano.name).toBe("Cardano (ADA)");
    expect(cardano.history).toHaveLength(30);
    const today = cardano.history.at(-1);
    expect(today.items).toBeGreaterThanOrEqual(1);
    expect(today.index).toBeLessThan(50);
    const mine = categories.find((row: { key: string }) => row.key === String(category.id));
    expect(mine).toMatchObject({ name: category.name, items: 1 });
    expect(mine.history.at(-1).index).toBeLessThan(50);
    const reader = await loginAs(app, "reader");
    expect((await getAs("/api/sentiment/trends", reader)).statusCode).toBe(403);
  });

  it("gives each breaking-news ticker item its sentiment label", async () => {
    const ticker = await app.inject({ method: "GET", url: "/api/news/ticker" });
    expect(ticker.statusCode).toBe(200);
    const { news } = ticker.json();
    expect(news.length).toBeGreaterThan(0);
    for (const item of news) expect(["positive", "neutral", "negative"]).toContain(item.sentiment);
    const labels = await app.services.sentiment.tickerLabels([
      {
        id: "fallback-9",
        title: "Exchange hacked: attackers drain $200 million, withdrawals halted",
      },
      { id: "fallback-8", title: "Bitcoin surges to a record high as ETF inflows accelerate" },
    ]);
    expect(labels.get("fallback-9")).toBe("negative");
    expect(labels.get("fallback-8")).toBe("positive");
  });
});
