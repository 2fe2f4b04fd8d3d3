import { existsSync } from "node:fs";
import path from "node:path";
import { storedImageSrcSet } from "@aurumwire/shared/media";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, categories } from "../src/db/schema";
import { loadSharp } from "../src/lib/sharp";
import { insertArticle, userId } from "./article-fixtures";
import { buildTestApp } from "./helpers";

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ publicUrl: "https://aurumwire.example" });
  const adminId = await userId(app, "admin@aurumwire.test");
  await insertArticle(app, {
    authorId: adminId,
    title: "Draft that must stay out of feeds",
    status: "draft",
    publishedAt: null,
  });
  await insertArticle(app, {
    authorId: adminId,
    title: "Old story outside the news window",
    publishedAt: new Date(Date.now() - 5 * 24 * 60 * 60 * 1000),
  });
  const [category] = await app.database.db
    .insert(categories)
    .values({ name: "Alts <img src=x onerror=alert(4)>", slug: "alts-hostile" })
    .returning();
  const hostile = await insertArticle(app, {
    authorId: adminId,
    title: "Miners <script>alert(1)</script> rally & more",
    excerpt: 'Read this <img src=x onerror=alert(2)> before the "halving", then decide.',
    categoryId: category.id,
    tags: ["<b>tag</b>"],
  });
  // A body stored without the sanitizer (an old row, a path that skipped it).
  await app.database.db
    .update(articles)
    .set({ content: "<p>Body ]]><script>alert(3)</script> text</p><img src=/x onerror=alert(5)>" })
    .where(eq(articles.id, hostile.id));
  app.services.pageCache.invalidate();
});

afterAll(async () => {
  await app?.close();
});

describe("demo content", () => {
  it("seeds the spec's categories and at least 40 public articles with local covers", async () => {
    const categories = (await app.inject({ method: "GET", url: "/api/categories" })).json()
      .categories;
    expect(categories.map((category: { name: string }) => category.name)).toEqual(
      expect.arrayContaining([
        "News",
        "Breaking News",
        "Market News",
        "Trending",
        "Viral",
        "Hot Topics",
        "Markets",
        "Trading",
        "Technical Analysis",
        "Bitcoin Price",
        "Bitcoin",
        "Ethereum",
        "DeFi",
        "NFT",
      ]),
    );
    const list = (await app.inject({ method: "GET", url: "/api/articles?limit=100" })).json();
    const demo = list.articles.filter((article: { featuredImage: string | null }) =>
      article.featuredImage?.startsWith("/uploads/covers/"),
    );
    expect(demo.length).toBeGreaterThanOrEqual(40);
    expect(demo.some((article: { isFeatured: boolean }) => article.isFeatured)).toBe(true);
    expect(demo.some((article: { isPremium: boolean }) => article.isPremium)).toBe(true);
    for (const article of demo) {
      expect(article.tags.length).toBeGreaterThan(0);
      expect(article.excerpt.length).toBeGreaterThanOrEqual(50);
      const file = path.join(app.config.dataDir, article.featuredImage);
      expect(existsSync(file)).toBe(true);
    }
    const cover = await app.inject({ method: "GET", url: demo[0].featuredImage });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers["content-type"]).toBe("image/jpeg");
    // Feed readers and other sites show our covers: not same-origin only.
    expect(cover.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    // Every cover is stored in the srcset widths the pages offer.
    const srcset = storedImageSrcSet(demo[0].featuredImage);
    expect(srcset).not.toBeNull();
    for (const candidate of srcset!.split(", ")) {
      const [url, width] = candidate.split(" ");
      const variant = await app.inject({ method: "GET", url });
      expect(variant.statusCode, url).toBe(200);
      const { width: actual } = await (await loadSharp())(variant.rawPayload).metadata();
      expect(`${actual}w`).toBe(width);
    }
    const one = (await app.inject({ method: "GET", url: `/api/articles/${demo[0].slug}` })).json();
    expect(one.article.content).toMatch(/<h2>/);
  });
});

describe("syndication", () => {
  it("serves the latest published articles as RSS", async () => {
    const response = await app.inject({ method: "GET", url: "/rss.xml" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/rss+xml");
    expect(response.headers["cache-control"]).toContain("s-maxage");
    expect(response.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    const xml = response.body;
    // The byline as Dublin Core's creator: RSS's own <author> must be an e-mail address.
    expect(xml).toMatch(/<dc:creator>[A-Z][a-z]+ [A-Z][a-z]+<\/dc:creator>/);
    expect(xml).not.toContain("<author>");
    expect(xml).toContain("<rss");
    expect(xml).toContain("How Bitcoin Miners Survive a Halving");
    expect(xml).not.toContain("Draft that must stay out of feeds");
    expect(xml).toContain("https://aurumwire.example/article/how-bitcoin-miners-survive-a-halving");
    expect(xml).toMatch(
      /<enclosure [^>]*url="https:\/\/aurumwire\.example\/uploads\/covers\/[^"]+\.jpg"/,
    );
    expect((xml.match(/<item>/g) ?? []).length).toBeLessThanOrEqual(50);
    // Each enclosure carries the real size of the file it points at (RSS requires the length).
    const enclosures = [...xml.matchAll(/<enclosure [^>]*>/g)].map(([tag]) => ({
      url: /url="([^"]+)"/.exec(tag)?.[1] ?? "",
      length: /length="(\d+)"/.exec(tag)?.[1],
    }));
    expect(enclosures.length).toBeGreaterThan(0);
    for (const { url, length } of enclosures.slice(0, 5)) {
      const file = await app.inject({
        method: "GET",
        url: url.replace("https://aurumwire.example", ""),
      });
      expect(file.statusCode).toBe(200);
      expect(Number(length)).toBe(file.rawPayload.length);
    }
  });

  it("escapes titles, excerpts and names, and sends only the sanitized body as HTML", async () => {
    for (const url of ["/rss.xml", "/category/alts-hostile/rss.xml"]) {
      const xml = (await app.inject({ method: "GET", url })).body;
      // What a reader gets after XML parsing must never be markup outside the body...
      const values = [...xml.matchAll(/<!\[CDATA\[([\s\S]*?)\]\]>/g)].map((match) => match[1]);
      const textValues = [...xml.matchAll(/>([^<]+)</g)].map((match) =>
        match[1].replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&"),
      );
      const tags = [...values, ...textValues].flatMap(
        (value) => value.match(/<[a-z][^>]*>/gi) ?? [],
      );
      expect(tags.filter((tag) => /^<script|\son\w+=/i.test(tag))).toEqual([]);
      // ...and the title still reads as written once a reader renders it.
      expect(xml).toContain("Miners &#60;script&#62;alert(1)&#60;/script&#62; rally &#38; more");
    }
  });

  it("serves a category feed, and 404 for an unknown category", async () => {
    const response = await app.inject({ method: "GET", url: "/category/ethereum/rss.xml" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("Ethereum Gas Fees Explained Without the Jargon");
    expect(response.body).not.toContain("How Bitcoin Miners Survive a Halving");
    const unknown = await app.inject({ method: "GET", url: "/category/nope/rss.xml" });
    expect(unknown.statusCode).toBe(404);
  });

  it("lists public pages and articles in the sitemap with lastmod", async () => {
    const response = await app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/xml");
    const xml = response.body;
    expect(xml).toContain("<loc>https://aurumwire.example/</loc>");
    expect(xml).toContain("<loc>https://aurumwire.example/category/defi</loc>");
    expect(xml).toContain("<loc>https://aurumwire.example/disclaimer</loc>");
    expect(xml).toMatch(
      /<url><loc>https:\/\/aurumwire\.example\/article\/old-story-outside-the-news-window-\d+<\/loc><lastmod>\d{4}-/,
    );
    expect(xml).not.toContain("draft-that-must-stay-out-of-feeds");
    expect(xml).not.toContain("/dashboard");
    // Authors with public articles have pages; readers (no articles) do not.
    const adminId = await userId(app, "admin@aurumwire.test");
    expect(xml).toContain(`<loc>https://aurumwire.example/author/ada-aurum-${adminId}</loc>`);
    const readerId = await userId(app, "reader@aurumwire.test");
    expect(xml).not.toMatch(new RegExp(`/author/[a-z-]+-${readerId}<`));
  });

  it("lists only the last two days in the news sitemap", async () => {
    const xml = (await app.inject({ method: "GET", url: "/news-sitemap.xml" })).body;
    expect(xml).toContain('xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"');
    expect(xml).toContain(
      "<news:title>Exchange Pauses Withdrawals: A Reader&#39;s Checklist for the First Hour</news:title>",
    );
    expect(xml).toContain("<news:name>AurumWire</news:name>");
    expect(xml).not.toContain("old-story-outside-the-news-window");
    expect(xml).not.toContain("evaluating-an-nft-collection-before-you-buy");
  });

  it("points robots at the sitemaps", async () => {
    const response = await app.inject({ method: "GET", url: "/robots.txt" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("Sitemap: https://aurumwire.example/sitemap.xml");
    expect(response.body).toContain("Sitemap: https://aurumwire.example/news-sitemap.xml");
    expect(response.body).toContain("Disallow: /dashboard");
  });
});

describe("cross-origin resource policy", () => {
  it("keeps pages and the API same-origin while images and feeds are for everyone", async () => {
    const api = await app.inject({ method: "GET", url: "/api/health" });
    expect(api.headers["cross-origin-resource-policy"]).toBe("same-origin");
    const sitemap = await app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(sitemap.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    const categoryFeed = await app.inject({ method: "GET", url: "/category/bitcoin/rss.xml" });
    expect(categoryFeed.headers["cross-origin-resource-policy"]).toBe("cross-origin");
  });
});

describe("author pages (decision 137)", () => {
  it("know authors with public articles, and nobody else", async () => {
    const adminId = await userId(app, "admin@aurumwire.test");
    const author = await app.services.publicAuthors.get(adminId);
    expect(author).toMatchObject({ id: adminId, firstName: "Ada", lastName: "Aurum" });
    expect(author.articleCount).toBeGreaterThan(0);
    expect(author).not.toHaveProperty("email");
    const readerId = await userId(app, "reader@aurumwire.test");
    await expect(app.services.publicAuthors.get(readerId)).rejects.toMatchObject({
      statusCode: 404,
      message: "Author not found",
    });
  });
});
