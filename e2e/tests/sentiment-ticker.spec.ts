import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "@playwright/test";
import { seriousViolations, test } from "./fixtures";
import { type OwnServer, startOwnServer } from "./own-server";

// Issue 30 (decision 196): the breaking-news ticker marks bullish and bearish items. The shared
// e2e server has no NEWS_FEEDS (its 4 built-in headlines are neutral explainers), so this spec
// starts a server of its own (own-server.ts) reading an RSS feed served here with one clearly good
// and one clearly bad headline.

const bullish = "Bitcoin rallies to a record high as ETF inflows surge";
const bearish = "Exchange hacked: attackers drain $200 million and withdrawals are halted";

function rss(): string {
  const now = new Date().toUTCString();
  const item = (title: string, slug: string) =>
    `<item><title>${title}</title><link>https://news.example/${slug}</link><guid>https://news.example/${slug}</guid><description>${title}.</description><pubDate>${now}</pubDate></item>`;
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Example Crypto Wire</title><link>https://news.example/</link><description>Test feed</description>${item(bullish, "rally")}${item(bearish, "hack")}</channel></rss>`;
}

let feed: Server;
let server: OwnServer;
const port = Number(process.env.E2E_PORT) + 11;
const baseUrl = `http://127.0.0.1:${port}`;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // Bounds on a hang: a fresh server's migrate-and-seed took over 2 min at a load of 35.
  test.setTimeout(480_000);
  feed = createServer((_request, response) => {
    response.setHeader("content-type", "application/rss+xml; charset=utf-8");
    response.end(rss());
  });
  await new Promise<void>((resolve) => feed.listen(0, "127.0.0.1", resolve));
  const feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/feed.xml`;
  server = await startOwnServer({
    port,
    env: { NEWS_FEEDS: feedUrl, OUTBOUND_ALLOW_PRIVATE: "127.0.0.1/32" },
  });
  // The feed is read once at the start: the ticker answers from it once it has been.
  await expect
    .poll(
      async () => {
        const response = await fetch(`${baseUrl}/api/news/ticker`).catch(() => null);
        if (response?.status !== 200) return "starting";
        return ((await response.json()) as { origin?: string }).origin ?? "none";
      },
      { timeout: 150_000, intervals: [500] },
    )
    .toBe("feeds");
});

test.afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => feed?.close(resolve));
});

for (const width of [390, 1440]) {
  test(`the ticker marks a bullish and a bearish headline at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${baseUrl}/`);
    const ticker = page.getByRole("region", { name: "Breaking news" });
    const item = ticker.getByTestId("breaking-news-item");
    // One headline at a time, the next every 4 s: each shows within two turns.
    const rotation = { timeout: 30_000 };
    await expect(item.filter({ hasText: bullish })).toBeVisible(rotation);
    await expect(item.getByTestId("breaking-sentiment")).toHaveText("▲ Bullish");
    await page.screenshot({ path: test.info().outputPath(`ticker-bullish-${width}.png`) });
    await expect(item.filter({ hasText: bearish })).toBeVisible(rotation);
    await expect(item.getByTestId("breaking-sentiment")).toHaveText("▼ Bearish");
    // The headline keeps room to be read beside (or, on a phone, above) the mark and the source.
    const title = await item.locator(".breaking-title").boundingBox();
    expect(title?.width ?? 0).toBeGreaterThan(width < 600 ? 200 : 300);
    await page.screenshot({ path: test.info().outputPath(`ticker-bearish-${width}.png`) });
    // The mark stays inside the page at 390 px: nothing overflows sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
