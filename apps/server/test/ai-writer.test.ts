import { fallbackTopics } from "@aurumwire/shared/ai-writer";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config";
import { buildTestApp, loginAs } from "./helpers";
import { validArticle } from "./newsroom-fixtures";

describe("AI writer settings", () => {
  it("refuses OPENAI_BASE_URL without OPENAI_API_KEY, and reads the daily limit", () => {
    expect(() => loadConfig({ OPENAI_BASE_URL: "http://127.0.0.1:8080/v1" })).toThrow(ConfigError);
    expect(() => loadConfig({ OPENAI_BASE_URL: "http://127.0.0.1:8080/v1" })).toThrow(
      /OPENAI_API_KEY: required when OPENAI_BASE_URL is set/,
    );
    expect(() => loadConfig({ AI_DAILY_GENERATION_LIMIT: "lots" })).toThrow(
      /AI_DAILY_GENERATION_LIMIT: must be a number/,
    );
    const config = loadConfig(
      { OPENAI_API_KEY: "sk-test", AI_DAILY_GENERATION_LIMIT: "7", JWT_SECRET: "x".repeat(32) },
      {},
    );
    expect(config.ai).toMatchObject({ dailyGenerationLimit: 7, openaiApiKey: "sk-test" });
  });
});

/** The AI writer without a provider: honest 503s, the research step, topics, input rules, roles. */
describe("AI writer without a provider", () => {
  let app: FastifyInstance;
  let admin: { authorization: string };

  beforeAll(async () => {
    app = await buildTestApp();
    admin = await loginAs(app, "admin");
  });
  afterAll(async () => {
    await app.close();
  });

  const generate = (payload: Record<string, unknown>, headers: Record<string, string> = admin) =>
    app.inject({ method: "POST", url: "/api/articles/generate-ollama", headers, payload });

  it("answers 503 naming the settings to add, and says so in the status", async () => {
    const response = await generate({ prompt: "Bitcoin halving" });
    expect(response.statusCode).toBe(503);
    const body = response.json();
    expect(body.code).toBe("ai_not_configured");
    expect(body.error).toContain("OLLAMA_URL");
    expect(body.error).toContain("OPENAI_BASE_URL and OPENAI_API_KEY");

    const status = await app.inject({ method: "GET", url: "/api/ollama/status", headers: admin });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({
      configured: false,
      provider: null,
      reachable: false,
      dailyLimit: 50,
      usedToday: 0,
    });
    expect(status.json().message).toContain("OLLAMA_URL");

    const models = await app.inject({ method: "GET", url: "/api/ollama/models", headers: admin });
    expect(models.statusCode).toBe(503);
    expect(models.json().code).toBe("ai_not_configured");
  });

  it("still offers the research step, labelled as not written by AI", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/ollama/research",
      headers: admin,
      payload: { prompt: "How bitcoin mining difficulty works", keywords: "hash rate, miners" },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.writtenByAi).toBe(false);
    expect(body.notice).toContain("Nothing here was written by AI");
    expect(body.sources.length).toBeGreaterThan(0);
    expect(body.sources.length).toBeLessThanOrEqual(5);
    const total = body.sources.reduce(
      (sum: number, source: { passage: string }) => sum + source.passage.length,
      0,
    );
    expect(total).toBeLessThanOrEqual(6000);
    for (const source of body.sources) {
      expect(source.url).toMatch(/\/article\/[a-z0-9-]+$/);
      expect(source.passage.length).toBeGreaterThan(20);
    }
  });

  it("finds nothing for words our archive does not hold", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/ollama/research",
      headers: admin,
      payload: { prompt: "zxqvw plorkish" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().sources).toEqual([]);
  });

  it("takes topics from our own data, and falls back to the six built-in ones", async () => {
    const trending = await app.inject({
      method: "GET",
      url: "/api/ollama/trending-topics",
      headers: admin,
    });
    expect(trending.statusCode).toBe(200);
    expect(trending.json()).toMatchObject({ status: "success", origin: "archive" });
    expect(trending.json().topics.length).toBeGreaterThan(0);

    const general = await app.inject({
      method: "GET",
      url: "/api/ollama/quick-topics?category=general",
      headers: admin,
    });
    expect(general.json().origin).toBe("archive");
    expect(general.json().topics.length).toBeGreaterThan(0);
    expect(general.json().topics.length).toBeLessThanOrEqual(8);

    const unknown = await app.inject({
      method: "GET",
      url: "/api/ollama/quick-topics?category=no%20such%20category",
      headers: admin,
    });
    expect(unknown.json()).toEqual({
      status: "success",
      topics: [...fallbackTopics],
      origin: "fallback",
    });
    expect(fallbackTopics).toHaveLength(6);
  });

  it("refuses bad input with the rule that was broken", async () => {
    const empty = await generate({ prompt: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain("Please enter a topic for the article");

    const long = await generate({ prompt: "x".repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toContain("at most 500 characters");

    const tone = await generate({ prompt: "Bitcoin", tone: "angry" });
    expect(tone.statusCode).toBe(400);
    expect(tone.json().error).toContain(
      "Tone must be one of: professional, casual, technical, educational, persuasive",
    );

    const type = await generate({ prompt: "Bitcoin", articleType: "poem" });
    expect(type.json().error).toContain("Article type must be one of");
    const length = await generate({ prompt: "Bitcoin", length: "epic" });
    expect(length.json().error).toContain("Length must be one of: short, medium, long");
    const audience = await generate({ prompt: "Bitcoin", targetAudience: "kids" });
    expect(audience.json().error).toContain("Target audience must be one of");
    const keywords = await generate({
      prompt: "Bitcoin",
      keywords: Array.from({ length: 11 }, (_, i) => `k${i}`),
    });
    expect(keywords.statusCode).toBe(400);
    expect(keywords.json().error).toContain("at most 10 keywords");
  });

  it("is for staff only", async () => {
    const anonymous = await app.inject({ method: "GET", url: "/api/ollama/status" });
    expect(anonymous.statusCode).toBe(401);
    const reader = await loginAs(app, "reader");
    for (const [method, url] of [
      ["GET", "/api/ollama/status"],
      ["GET", "/api/ollama/trending-topics"],
      ["POST", "/api/ollama/research"],
      ["POST", "/api/articles/generate-ollama"],
    ] as const) {
      const response = await app.inject({
        method,
        url,
        headers: reader,
        payload: method === "POST" ? { prompt: "Bitcoin" } : undefined,
      });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error).toContain("use the AI article generator");
    }
    const author = await loginAs(app, "author");
    const status = await app.inject({ method: "GET", url: "/api/ollama/status", headers: author });
    expect(status.statusCode).toBe(200);
  });

  it("offers tags rising this week as trending topics, each as the headline of its newest story", async () => {
    const categories = await app.inject({ method: "GET", url: "/api/categories" });
    const list = categories.json();
    const categoryId = (Array.isArray(list) ? list : list.categories)[0].id;
    // More than any demo tag rose, so it leads the rising tags.
    let newest = "";
    for (let i = 0; i < 15; i++) {
      const created = await app.inject({
        method: "POST",
        url: "/api/articles",
        headers: admin,
        payload: validArticle(categoryId, { status: "published", tags: ["zkrollups"] }),
      });
      expect(created.statusCode).toBe(201);
      newest = created.json().article.title;
    }
    const trending = await app.inject({
      method: "GET",
      url: "/api/ollama/trending-topics",
      headers: admin,
    });
    expect(trending.json().topics).toContain(newest);
    // Topics read like headlines, never like a template around a tag.
    expect(trending.json().topics.join("\n")).not.toMatch(/What is driving the news on/);
  });

  it("follows the chosen category in both rows of chips, and never shows a topic in both", async () => {
    const categories = (await app.inject({ method: "GET", url: "/api/categories" })).json();
    const all = (Array.isArray(categories) ? categories : categories.categories) as Array<{
      id: number;
      name: string;
    }>;
    // A category with stories enough for both rows (its page lists its subcategories' too).
    let chosen: { id: number; name: string } | undefined;
    let titlesOfChosen = new Set<string>();
    for (const category of all) {
      const { articles } = (
        await app.inject({
          method: "GET",
          url: `/api/articles?categoryId=${category.id}&limit=100`,
        })
      ).json() as { articles: Array<{ title: string }> };
      if (articles.length >= 6) {
        chosen = category;
        titlesOfChosen = new Set(articles.map((article) => article.title));
        break;
      }
    }
    expect(chosen).toBeDefined();
    const topicsOf = async (kind: "quick" | "trending", category: string) => {
      const response = await app.inject({
        method: "GET",
        url: `/api/ollama/${kind}-topics?category=${encodeURIComponent(category)}`,
        headers: admin,
      });
      expect(response.statusCode).toBe(200);
      return response.json() as { topics: string[]; origin: string };
    };
    const name = chosen!.name.toLowerCase();
    const quick = await topicsOf("quick", name);
    const trending = await topicsOf("trending", name);
    expect(quick.origin).toBe("archive");
    expect(quick.topics.length).toBeGreaterThan(0);
    // Every chip of a category is one of its own stories' headlines.
    for (const topic of [...quick.topics, ...trending.topics]) {
      expect(titlesOfChosen.has(topic), topic).toBe(true);
    }
    expect(quick.topics.filter((topic) => trending.topics.includes(topic))).toEqual([]);
    const generalQuick = await topicsOf("quick", "general");
    const generalTrending = await topicsOf("trending", "general");
    expect(generalQuick.topics.filter((topic) => generalTrending.topics.includes(topic))).toEqual(
      [],
    );
  });
});
