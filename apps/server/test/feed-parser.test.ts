import { describe, expect, it } from "vitest";
import { parseFeed } from "../src/modules/breaking-news/feed-parser";
import { atomFeed, hostileFeed, rdfFeed, rssFeed } from "./breaking-news-feeds";

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
