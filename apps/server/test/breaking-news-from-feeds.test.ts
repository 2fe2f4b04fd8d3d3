import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, categories, newsItems, users } from "../src/db/schema";
import { atomFeed, hostileFeed, rdfFeed, rssFeed } from "./breaking-news-feeds";
import { type FakeServer, hang, sendXml, startFakeServer } from "./fake-http-server";
import { buildTestApp } from "./helpers";

describe("breaking news from RSS and Atom feeds", () => {
  let feeds: FakeServer;
  let app: FastifyInstance;
  let rssHits = 0;

  beforeAll(async () => {
    feeds = await startFakeServer((request, response) => {
      switch (request.path) {
        case "/rss":
          rssHits += 1;
          if (request.headers["if-none-match"] === '"rss-v1"') {
            response.statusCode = 304;
            return response.end();
          }
          return sendXml(response, rssFeed, { etag: '"rss-v1"' });
        case "/atom":
          return sendXml(response, atomFeed);
        case "/rdf":
          return sendXml(response, rdfFeed);
        case "/hostile":
          return sendXml(response, hostileFeed);
        case "/broken":
          return sendXml(response, "<rss><channel><title>Broken</title><item><title>x</item>");
        case "/limited":
          response.statusCode = 429;
          response.setHeader("retry-after", "900");
          return response.end();
        case "/slow":
          return hang(request, response);
        default:
          response.statusCode = 404;
          return response.end();
      }
    });
    const names = ["rss", "atom", "rdf", "hostile", "broken", "limited", "slow"];
    // The default 10 s time-out: the answering feeds never race it, the /slow one never answers.
    app = await buildTestApp({ breakingNewsFeeds: names.map((name) => `${feeds.url}/${name}`) });
  });
  afterAll(async () => {
    await app?.close();
    await feeds?.close();
  });

  it("reads every feed, and a failing one does not stop the others", async () => {
    const reports = await app.services.breakingNews.refreshFeeds();
    const outcome = Object.fromEntries(
      reports.map((report) => [new URL(report.url).pathname.slice(1), report]),
    );
    expect(outcome.rss).toMatchObject({ outcome: "added", added: 2 });
    // The Atom feed's second entry is the Chain Daily story again (same link): one new item.
    expect(outcome.atom).toMatchObject({ outcome: "added", added: 1 });
    expect(outcome.rdf).toMatchObject({ outcome: "added", added: 1 });
    expect(outcome.hostile).toMatchObject({ outcome: "added", added: 1 });
    expect(outcome.broken).toMatchObject({ outcome: "failed" });
    expect(outcome.broken.error).toMatch(/malformed XML/);
    expect(outcome.limited).toMatchObject({ outcome: "failed" });
    expect(outcome.limited.error).toContain("429");
    expect(outcome.slow).toMatchObject({ outcome: "failed" });
    expect(outcome.slow.error).toMatch(/did not answer in 10000 ms/);
    const stored = await app.database.db.select().from(newsItems);
    expect(stored).toHaveLength(5);
  });

  it("de-duplicates across runs, asks conditionally, and waits out a 429", async () => {
    const hitsBefore = rssHits;
    const limitedBefore = feeds.requestsTo("/limited").length;
    const reports = await app.services.breakingNews.refreshFeeds();
    const outcome = Object.fromEntries(
      reports.map((report) => [new URL(report.url).pathname.slice(1), report.outcome]),
    );
    expect(rssHits).toBe(hitsBefore + 1);
    expect(feeds.requestsTo("/rss").at(-1)?.headers["if-none-match"]).toBe('"rss-v1"');
    expect(outcome.rss).toBe("not_modified");
    expect(outcome.atom).toBe("unchanged");
    expect(outcome.limited).toBe("backing_off");
    expect(feeds.requestsTo("/limited").length).toBe(limitedBefore);
    expect(await app.database.db.select().from(newsItems)).toHaveLength(5);
  });

  it("serves the stored items newest first with source and tags", async () => {
    const response = await app.inject({ method: "GET", url: "/api/news/ticker" });
    const body = response.json();
    expect(body.origin).toBe("feeds");
    expect(body.news).toHaveLength(5);
    expect(body.news[0]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      title: expect.any(String),
      articleSlug: null,
      source: expect.any(String),
      tags: expect.any(Array),
      sentiment: expect.stringMatching(/^(positive|neutral|negative)$/),
    });
    const defi = body.news.find((item: { title: string }) => item.title.startsWith("DeFi"));
    expect(defi).toMatchObject({
      source: "Ledger Wire",
      tags: ["defi", "security"],
      sentiment: "negative",
    });
    const titles = body.news.map((item: { title: string }) => item.title);
    expect(titles.indexOf("DeFi lender pauses withdrawals after exploit")).toBeLessThan(
      titles.indexOf("NFT market volume cools"),
    );
  });

  it("makes one honest, sanitized brief per item, even under concurrent calls", async () => {
    const [item] = await app.database.db
      .select()
      .from(newsItems)
      .where(eq(newsItems.dedupeKey, `${new URL(feeds.url).host}#cd-1001`));
    expect(item).toBeDefined();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        app.inject({
          method: "POST",
          url: "/api/news/generate-article",
          payload: { newsId: item.id, title: "A title of the caller's choosing", tags: [] },
        }),
      ),
    );
    const slugs = new Set(responses.map((response) => response.json().article.slug));
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    expect(slugs.size).toBe(1);
    expect(responses.filter((response) => response.json().created)).toHaveLength(1);
    const [slug] = slugs;
    expect(slug).toBe("bitcoin-etf-inflows-hit-a-record-and-analysts-react");

    const made = await app.database.db.select().from(articles).where(eq(articles.slug, slug));
    expect(made).toHaveLength(1);
    const article = made[0];
    expect(article.title).toBe("Bitcoin ETF inflows hit a record & analysts react");
    expect(article.status).toBe("published");
    expect(article.publishedAt).toBeInstanceOf(Date);
    expect(article.excerpt).toBe("Spot bitcoin funds took in more than ever in one day.");
    expect(article.tags).toEqual(["markets", "etf", "bitcoin", "trading", "brief"]);
    expect(article.content).toContain("Breaking news brief");
    expect(article.content).toContain(
      '<a href="https://chaindaily.example/news/etf-inflows" target="_blank" rel="noopener noreferrer nofollow">Chain Daily</a>',
    );
    expect(article.content).not.toContain("script");
    expect(article.content).not.toContain("caller's choosing");

    const [category] = await app.database.db
      .select()
      .from(categories)
      .where(eq(categories.id, article.categoryId!));
    expect(category).toMatchObject({ name: "Breaking News", slug: "breaking-news" });
    const [author] = await app.database.db
      .select()
      .from(users)
      .where(eq(users.id, article.authorId));
    expect(author).toMatchObject({ firstName: "AurumWire", lastName: "Newsroom", isActive: false });

    const [linked] = await app.database.db
      .select()
      .from(newsItems)
      .where(eq(newsItems.id, item.id));
    expect(linked.articleId).toBe(article.id);
    const ticker = (await app.inject({ method: "GET", url: "/api/news/ticker" })).json();
    expect(ticker.news.find((entry: { id: string }) => entry.id === String(item.id))).toMatchObject(
      { articleSlug: slug },
    );
  });

  it("keeps hostile feed markup out of the brief", async () => {
    const [item] = await app.database.db
      .select()
      .from(newsItems)
      .where(eq(newsItems.dedupeKey, "https://sketchy.example/solana-outage"));
    const response = await app.inject({
      method: "POST",
      url: "/api/news/generate-article",
      payload: { newsId: String(item.id) },
    });
    expect(response.statusCode).toBe(200);
    const [article] = await app.database.db
      .select()
      .from(articles)
      .where(eq(articles.slug, response.json().article.slug));
    expect(article.title).toBe("Solana outage report");
    expect(article.content).not.toMatch(/javascript:|onerror|<img|<script/i);
    expect(article.content).toContain("&amp; more");
    expect(article.content).toContain("<strong>Sketchy Feed</strong>");
  });

  it("reuses the category and the byline for the next brief", async () => {
    const [item] = await app.database.db
      .select()
      .from(newsItems)
      .where(eq(newsItems.dedupeKey, "urn:uuid:entry-1"));
    const response = await app.inject({
      method: "POST",
      url: "/api/news/generate-article",
      payload: { newsId: item.id },
    });
    expect(response.statusCode).toBe(200);
    const breaking = await app.database.db
      .select()
      .from(categories)
      .where(eq(categories.slug, "breaking-news"));
    expect(breaking).toHaveLength(1);
    const bylines = await app.database.db
      .select()
      .from(users)
      .where(eq(users.email, "newsroom@aurumwire.invalid"));
    expect(bylines).toHaveLength(1);
  });

  it("limits how many articles one visitor can request per minute", async () => {
    const statuses: number[] = [];
    for (let call = 0; call < 12; call += 1) {
      const response = await app.inject({
        method: "POST",
        url: "/api/news/generate-article",
        remoteAddress: "203.0.113.7",
        payload: { newsId: "fallback-1" },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json().code).toBe("rate_limited");
        expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
