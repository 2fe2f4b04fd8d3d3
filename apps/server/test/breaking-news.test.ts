import { fallbackHeadlines } from "@aurumwire/shared/news";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, categories, newsItems, users } from "../src/db/schema";
import { parseFeed } from "../src/modules/breaking-news/feed-parser";
import { type FakeServer, hang, sendXml, startFakeServer } from "./fake-http-server";
import { buildTestApp } from "./helpers";

const rssFeed = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>Chain Daily</title>
    <link>https://chaindaily.example/</link>
    <item>
      <title>Bitcoin ETF inflows hit a record &amp; analysts react</title>
      <link>https://chaindaily.example/news/etf-inflows?utm_source=rss#top</link>
      <guid isPermaLink="false">cd-1001</guid>
      <description><![CDATA[<p>Spot <b>bitcoin</b> funds took in more than ever in one day.</p><script>alert(1)</script>]]></description>
      <pubDate>Tue, 10 Dec 2024 09:00:00 GMT</pubDate>
      <category>Markets</category>
      <category>ETF</category>
    </item>
    <item>
      <title>Ethereum developers set a date for the next upgrade</title>
      <link>https://chaindaily.example/news/eth-upgrade</link>
      <guid isPermaLink="false">cd-1002</guid>
      <description>Core developers agreed on a schedule.</description>
      <pubDate>Tue, 10 Dec 2024 11:00:00 GMT</pubDate>
    </item>
    <item>
      <title>Ethereum developers set a date for the next upgrade</title>
      <link>https://chaindaily.example/news/eth-upgrade</link>
      <guid isPermaLink="false">cd-1002</guid>
      <description>The same item listed twice.</description>
      <pubDate>Tue, 10 Dec 2024 11:00:00 GMT</pubDate>
    </item>
  </channel>
</rss>`;

const atomFeed = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title type="text">Ledger Wire</title>
  <id>urn:uuid:feed-ledger-wire</id>
  <updated>2024-12-10T12:00:00Z</updated>
  <entry>
    <title type="html">DeFi lender pauses &lt;em&gt;withdrawals&lt;/em&gt; after exploit</title>
    <link rel="alternate" href="https://ledgerwire.example/defi-exploit"/>
    <link rel="enclosure" href="https://ledgerwire.example/image.jpg"/>
    <id>urn:uuid:entry-1</id>
    <published>2024-12-10T12:00:00Z</published>
    <summary type="html">&lt;p&gt;The protocol said funds are safe.&lt;/p&gt;</summary>
    <category term="DeFi"/>
    <category term="Security"/>
  </entry>
  <entry>
    <title>Bitcoin ETF inflows hit a record and analysts react</title>
    <link href="https://chaindaily.example/news/etf-inflows"/>
    <id>urn:uuid:entry-2-syndicated</id>
    <updated>2024-12-10T09:30:00Z</updated>
    <summary>Syndicated copy of the Chain Daily story.</summary>
  </entry>
</feed>`;

const rdfFeed = `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel rdf:about="https://old.example/"><title>Old School Crypto</title></channel>
  <item rdf:about="https://old.example/nft-market">
    <title>NFT market volume cools</title>
    <link>/nft-market</link>
    <description>Trading slowed across marketplaces.</description>
    <dc:date>2024-12-09T08:00:00Z</dc:date>
    <dc:subject>NFT</dc:subject>
  </item>
</rdf:RDF>`;

const hostileFeed = `<?xml version="1.0"?>
<rss version="2.0"><channel><title>Sketchy &lt;b&gt;Feed&lt;/b&gt;</title>
  <item>
    <title>&lt;img src=x onerror=alert(1)&gt;Solana outage report</title>
    <link>javascript:alert(1)</link>
    <guid>https://sketchy.example/solana-outage</guid>
    <description>&lt;a href="javascript:alert(2)"&gt;click&lt;/a&gt; "quoted" &amp; more</description>
  </item>
</channel></rss>`;

describe("feed parsing", () => {
  it("reads RSS 2.0 items as plain text with normalized links and tags", () => {
    const feed = parseFeed(rssFeed, "https://chaindaily.example/rss");
    expect(feed.source).toBe("Chain Daily");
    expect(feed.items).toHaveLength(2);
    expect(feed.items[0]).toEqual({
      dedupeKey: "chaindaily.example#cd-1001",
      title: "Bitcoin ETF inflows hit a record & analysts react",
      summary: "Spot bitcoin funds took in more than ever in one day.",
      link: "https://chaindaily.example/news/etf-inflows",
      publishedAt: new Date("2024-12-10T09:00:00Z"),
      tags: ["markets", "etf", "bitcoin", "trading"],
      links: [],
    });
  });

  it("reads Atom entries, preferring the alternate link and decoding HTML titles", () => {
    const feed = parseFeed(atomFeed, "https://ledgerwire.example/atom");
    expect(feed.source).toBe("Ledger Wire");
    expect(feed.items[0]).toMatchObject({
      dedupeKey: "urn:uuid:entry-1",
      title: "DeFi lender pauses withdrawals after exploit",
      summary: "The protocol said funds are safe.",
      link: "https://ledgerwire.example/defi-exploit",
      tags: ["defi", "security"],
    });
    expect(feed.items[1].publishedAt).toEqual(new Date("2024-12-10T09:30:00Z"));
  });

  it("reads RSS 1.0 (RDF) and resolves relative links against the feed", () => {
    const feed = parseFeed(rdfFeed, "https://old.example/index.rdf");
    expect(feed.source).toBe("Old School Crypto");
    expect(feed.items[0]).toMatchObject({
      title: "NFT market volume cools",
      link: "https://old.example/nft-market",
      publishedAt: new Date("2024-12-09T08:00:00Z"),
      tags: ["nft"],
    });
  });

  it("drops script links and keeps markup out of titles", () => {
    const feed = parseFeed(hostileFeed, "https://sketchy.example/feed");
    expect(feed.source).toBe("Sketchy Feed");
    expect(feed.items[0].title).toBe("Solana outage report");
    expect(feed.items[0].link).toBeNull();
    expect(feed.items[0].summary).toBe('click "quoted" & more');
  });

  it("rejects malformed XML and documents that are not feeds", () => {
    expect(() => parseFeed("<rss><channel><item></channel>", "https://x.example/")).toThrow(
      /malformed XML/,
    );
    expect(() => parseFeed("<html><body>hi</body></html>", "https://x.example/")).toThrow(
      /neither RSS nor Atom/,
    );
  });

  it("pins a date far in the future to now", () => {
    const now = new Date("2024-12-10T00:00:00Z");
    const xml = rssFeed.replace("Tue, 10 Dec 2024 09:00:00 GMT", "Tue, 10 Dec 2030 09:00:00 GMT");
    expect(parseFeed(xml, "https://chaindaily.example/rss", now).items[0].publishedAt).toEqual(now);
  });
});

describe("breaking news without feeds", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("serves the 4 built-in fallback headlines", async () => {
    const response = await app.inject({ method: "GET", url: "/api/news/ticker" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe("success");
    expect(body.origin).toBe("fallback");
    expect(body.news).toHaveLength(4);
    expect(body.news[0]).toEqual({
      id: "fallback-1",
      title: fallbackHeadlines[0].title,
      articleSlug: null,
      source: "AurumWire",
      tags: fallbackHeadlines[0].tags,
      // An explainer headline reads neutral (issue 30: the ticker marks only bullish and bearish).
      sentiment: "neutral",
    });
  });

  it("makes an article from a fallback headline once and links the ticker to it", async () => {
    const first = await app.inject({
      method: "POST",
      url: "/api/news/generate-article",
      payload: { newsId: "fallback-2", title: "ignored", source: "ignored", tags: ["x"] },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      article: { slug: "ethereum-and-smart-contracts-what-they-are-and-why-they-matter" },
      created: true,
    });
    const again = await app.inject({
      method: "POST",
      url: "/api/news/generate-article",
      payload: { newsId: "fallback-2" },
    });
    expect(again.json()).toMatchObject({ article: first.json().article, created: false });

    const ticker = await app.inject({ method: "GET", url: "/api/news/ticker" });
    const item = ticker.json().news.find((entry: { id: string }) => entry.id === "fallback-2");
    expect(item.articleSlug).toBe(first.json().article.slug);

    const [article] = await app.database.db
      .select()
      .from(articles)
      .where(eq(articles.slug, first.json().article.slug));
    expect(article.title).toBe(fallbackHeadlines[1].title);
    expect(article.status).toBe("published");
    expect(article.content).toContain("AurumWire brief");
    expect(article.content).toContain('href="/category/ethereum"');
    expect(article.content).not.toContain("ignored");
  });

  it("drops cached public pages when a brief is published, and not when it already existed", async () => {
    const cache = app.services.pageCache;
    const page = { status: 200, headers: {}, body: Buffer.from("<html>before</html>") };
    // The home shows the article lists, so its copy carries their tag.
    cache.setPage("/", page, cache.generation, ["articles"]);
    const created = await app.inject({
      method: "POST",
      url: "/api/news/generate-article",
      payload: { newsId: "fallback-3" },
    });
    expect(created.json().created).toBe(true);
    expect(cache.getPage("/")).toBeUndefined();

    cache.setPage("/", page, cache.generation, ["articles"]);
    const again = await app.inject({
      method: "POST",
      url: "/api/news/generate-article",
      payload: { newsId: "fallback-3" },
    });
    expect(again.json().created).toBe(false);
    expect(cache.getPage("/")?.body.toString()).toBe("<html>before</html>");
  });

  it("refuses ids that are neither stored items nor built-in headlines", async () => {
    const unknown = await app.inject({
      method: "POST",
      url: "/api/news/generate-article",
      payload: { newsId: "987654" },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("news_item_not_found");

    const unknownFallback = await app.inject({
      method: "POST",
      url: "/api/news/generate-article",
      payload: { newsId: "fallback-9" },
    });
    expect(unknownFallback.statusCode).toBe(404);

    const malformed = await app.inject({
      method: "POST",
      url: "/api/news/generate-article",
      payload: { newsId: "../../etc", title: "x" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe("validation_failed");
    expect(malformed.json().fields.newsId).toBeDefined();

    // Larger than any stored id could be: refused before it reaches the database.
    const huge = await app.inject({
      method: "POST",
      url: "/api/news/generate-article",
      payload: { newsId: "999999999999" },
    });
    expect(huge.statusCode).toBe(400);

    const missing = await app.inject({
      method: "POST",
      url: "/api/news/generate-article",
      payload: { title: "Only a title" },
    });
    expect(missing.statusCode).toBe(400);
  });
});

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
