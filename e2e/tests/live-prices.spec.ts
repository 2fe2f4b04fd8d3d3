import { type Browser, type BrowserContextOptions, expect, type Page } from "@playwright/test";
import type { FakeCoinbaseFeed } from "../../apps/server/test/fake-coinbase-feed";
// The server tests' stand-in for an RSS feed.
import { type FakeServer, sendXml, startFakeServer } from "../../apps/server/test/fake-http-server";
import { seriousViolations, test } from "./fixtures";
import { type StreamingServer, startStreamingServer } from "./own-server";
import {
  holdStreams,
  liveRegionsAround,
  markDocument,
  secondsOfDay,
  shownSeconds,
  startBufferingProxy,
} from "./stream-stand-ins";

/**
 * Issue 34, live prices on the page (decision 235) in the browser: the /markets table and the
 * header's ticker change in place from the stream, say "Live" with the time of the last price,
 * flash only for readers who allow motion, announce nothing per tick; with the stream out of
 * reach (a buffering proxy, a refusal, no EventSource) they fall back to the spec's polling; a new
 * breaking-news item reaches an open page. A server of its own: an exchange stream, a news feed,
 * and small connection caps so that a refusal is the server's own (4 per address, 8 in all).
 */
const port = Number(process.env.E2E_PORT) + 10;
const baseURL = `http://127.0.0.1:${port}`;
let streaming: StreamingServer;
let exchange: FakeCoinbaseFeed;
let newsFeed: FakeServer;
/** The feed's items: none at first (the built-in headlines show), one breaking item later. */
let feedItems = "";
const headline = "Spot bitcoin ETFs take in a record $2 billion in one day";

test.use({ baseURL });
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // Bounds on a hang: a fresh server's migrate-and-seed took over 2 min at a load of 35.
  test.setTimeout(480_000);
  newsFeed = await startFakeServer((_request, response) =>
    sendXml(
      response,
      `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Chain Daily</title><link>https://chaindaily.example/</link>${feedItems}</channel></rss>`,
    ),
  );
  streaming = await startStreamingServer({
    port,
    env: {
      NEWS_FEEDS: `${newsFeed.url}/feed.xml`,
      // The feed is read every 5 s, not 600 (decision 323): a new item reaches open pages while
      // the test watches them, over their open streams.
      NEWS_FEEDS_REFRESH_SECONDS: "5",
      OUTBOUND_ALLOW_PRIVATE: "127.0.0.1/32",
      STREAM_CONNECTIONS_PER_ADDRESS: "4",
      STREAM_MAX_CONNECTIONS: "8",
    },
  });
  ({ exchange } = streaming);
});

test.afterAll(async () => {
  await streaming?.close();
  await newsFeed?.close();
});

const tickerOf = (page: Page) => page.getByRole("complementary", { name: "Crypto prices" });
const tableOf = (page: Page) =>
  page.getByRole("region", { name: "Live Cryptocurrency Prices", exact: true });
const btcRow = (page: Page) => tableOf(page).getByRole("row").filter({ hasText: "BTC" });
const btcCoin = (page: Page) =>
  tickerOf(page).getByTestId("ticker-coin").filter({ hasText: "BTC" });

async function openMarkets(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ baseURL, ...options });
  const page = await context.newPage();
  await page.goto("/markets");
  return { context, page };
}

/** A BTC trade on the exchange, repeated until the page shows it (a page may still be opening). */
async function tradeUntilShown(page: Page, price: string, shown: string) {
  await expect
    .poll(
      async () => {
        exchange.ticker({ product: "BTC-USD", price });
        return btcRow(page).textContent();
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toContain(shown);
}

async function photograph(page: Page, state: string) {
  for (const width of [1280, 1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await tickerOf(page).screenshot({
      path: test.info().outputPath(`ticker-${state}-${width}.png`),
    });
    await tableOf(page).screenshot({
      path: test.info().outputPath(`markets-${state}-${width}.png`),
    });
    expect(await seriousViolations(page)).toEqual([]);
  }
}

test("a tick changes the /markets row and the ticker in place; Live shows the time of the last price", async ({
  browser,
}) => {
  test.setTimeout(240_000); // a hang bound
  const { context, page } = await openMarkets(browser);
  const tableBadge = tableOf(page).getByTestId("live-badge");
  const tickerBadge = tickerOf(page).getByTestId("live-badge");
  // The stream's first event carries the current prices: Live, with their time, at once.
  await expect(tableBadge).toHaveText(/^Live · \d\d:\d\d:\d\d$/, { timeout: 30_000 });
  await expect(tickerBadge).toHaveText(/^Live · \d\d:\d\d:\d\d$/);
  // Both badges show one time. Read together and retried: a tick still in flight when one was
  // read moves both on (comparing with a copy read earlier failed once on a busy CI machine).
  const sameTimeInBoth = () =>
    expect
      .poll(
        async () => {
          const [table, ticker] = await Promise.all([
            tableBadge.textContent(),
            tickerBadge.textContent(),
          ]);
          return table === ticker ? table : `table "${table}", ticker "${ticker}"`;
        },
        { timeout: 30_000 },
      )
      .toMatch(/^Live · \d\d:\d\d:\d\d$/);

  const document = await markDocument(page);
  const row = await btcRow(page).elementHandle();
  const sentAt = new Date();
  await tradeUntilShown(page, "98765.43", "98,765.43");
  await expect(btcCoin(page)).toContainText("98,765.43");
  // The same row element took the new price: changed in place, not a new table or a new page.
  expect(await row!.evaluate((element) => element.isConnected && element.textContent)).toContain(
    "98,765.43",
  );
  expect(await document.sameDocument()).toBe(true);
  await sameTimeInBoth();
  const first = shownSeconds((await tableBadge.textContent()) ?? "");
  expect(Math.abs(first - secondsOfDay(sentAt))).toBeLessThanOrEqual(35);

  // A later trade moves the time on, in both places.
  await page.waitForTimeout(1_100); // the clock shows whole seconds
  const laterAt = new Date();
  exchange.ticker({ product: "BTC-USD", price: "98801.5" });
  await expect(btcRow(page)).toContainText("98,801.50");
  await sameTimeInBoth();
  const later = shownSeconds((await tableBadge.textContent()) ?? "");
  expect((later - first + 86_400) % 86_400).toBeGreaterThan(0);
  expect(Math.abs(later - secondsOfDay(laterAt))).toBeLessThanOrEqual(5);
  expect(await row!.evaluate((element) => element.isConnected)).toBe(true);
  // The table's "Live data, updated ... UTC" note follows the stream: one time, not two.
  const minutes = [0, 2_000].map((ms) =>
    new Date(laterAt.getTime() + ms).toISOString().slice(11, 16),
  );
  await expect(tableOf(page).getByTestId("market-source")).toContainText(
    new RegExp(`(${minutes[0]}|${minutes[1]}) UTC`),
  );

  // Nothing announces the ticks: no live region holds or wraps the prices.
  expect(await liveRegionsAround(tableOf(page))).toEqual([]);
  expect(await liveRegionsAround(tickerOf(page))).toEqual([]);
  await photograph(page, "live");
  await context.close();
});

test("a changed price flashes only for readers who allow motion", async ({ browser }) => {
  test.setTimeout(240_000); // a hang bound
  const moving = await openMarkets(browser, { reducedMotion: "no-preference" });
  const still = await openMarkets(browser, { reducedMotion: "reduce" });
  for (const { page } of [moving, still]) {
    await expect(tableOf(page).getByTestId("live-badge")).toContainText("Live", {
      timeout: 30_000,
    });
  }
  await tradeUntilShown(moving.page, "97001.25", "97,001.25");
  await tradeUntilShown(still.page, "97001.25", "97,001.25");
  const motion = (page: Page) =>
    Promise.all(
      [btcRow(page).locator(".aw-flash"), btcCoin(page).locator(".aw-flash")].map((flash) =>
        flash.evaluate((element) => {
          const style = getComputedStyle(element);
          return {
            flashed: element.className,
            animation: style.animationName,
            transition: style.transitionDuration,
          };
        }),
      ),
    );
  // The price went down: both readers' cells are marked so, only one animates.
  expect(await motion(moving.page)).toEqual([
    { flashed: "aw-flash aw-flash--down", animation: "aw-flash-down", transition: "0s" },
    { flashed: "aw-flash aw-flash--down", animation: "aw-flash-down", transition: "0s" },
  ]);
  expect(await motion(still.page)).toEqual([
    { flashed: "aw-flash aw-flash--down", animation: "none", transition: "0s" },
    { flashed: "aw-flash aw-flash--down", animation: "none", transition: "0s" },
  ]);
  await moving.context.close();
  await still.context.close();
});

/**
 * The stream is out of reach: the page must not say Live, and the prices still change, by the
 * spec's 300 s polling. The page's clock is Playwright's: the test moves it on to the next poll.
 */
async function expectPollingFallback(page: Page, price: string, shown: string) {
  await expect(tableOf(page).getByTestId("live-badge")).toHaveCount(0);
  await expect(tickerOf(page).getByTestId("live-badge")).toHaveCount(0);
  // The exchange moves; the server has the price (its answers to polls carry it).
  exchange.ticker({ product: "BTC-USD", price });
  await expect
    .poll(async () =>
      JSON.stringify(await (await fetch(`${baseURL}/api/market-data/ticker`)).json()),
    )
    .toContain(price);
  await expect(btcRow(page)).not.toContainText(shown);
  await page.clock.fastForward(300_000);
  await expect(btcRow(page)).toContainText(shown);
  await expect(btcCoin(page)).toContainText(shown);
  await expect(tableOf(page).getByTestId("live-badge")).toHaveCount(0);
  await expect(tickerOf(page).getByTestId("live-badge")).toHaveCount(0);
}

async function openWithClock(browser: Browser, url: string, initScript?: () => void) {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  if (initScript) await page.addInitScript(initScript);
  await page.clock.install();
  await page.goto("/markets");
  return { context, page };
}

test("behind a proxy that buffers the stream, the page gives up on it and polls", async ({
  browser,
}) => {
  test.setTimeout(240_000); // a hang bound
  const proxy = await startBufferingProxy(baseURL);
  try {
    const { context, page } = await openWithClock(browser, proxy.url);
    await expect.poll(() => proxy.streamsOpen(), { timeout: 30_000 }).toBe(1);
    // Ten seconds without an event: the page closes the stream it cannot read.
    await page.clock.fastForward(10_000);
    await expect.poll(() => proxy.streamsOpen()).toBe(0);
    await expectPollingFallback(page, "96543.21", "96,543.21");
    await context.close();
  } finally {
    await proxy.close();
  }
});

for (const refusal of [
  // Four streams from this address already (the server's cap per address).
  { status: 429, others: Array(4).fill("127.0.0.1"), price: "96432.1", shown: "96,432.10" },
  // Eight streams from two other addresses (the server's cap in all).
  {
    status: 503,
    others: [...Array(4).fill("127.0.0.2"), ...Array(4).fill("127.0.0.3")],
    price: "96321.09",
    shown: "96,321.09",
  },
]) {
  test(`a stream refused with ${refusal.status} leaves the page polling`, async ({ browser }) => {
    test.setTimeout(240_000); // a hang bound
    const others = await holdStreams(baseURL, refusal.others);
    try {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      await page.clock.install();
      const answer = page.waitForResponse((response) => response.url().includes("/api/stream"));
      await page.goto("/markets");
      expect((await answer).status()).toBe(refusal.status);
      await expectPollingFallback(page, refusal.price, refusal.shown);
      await context.close();
    } finally {
      others.close();
    }
  });
}

test("a browser without EventSource polls, and says nothing of Live", async ({ browser }) => {
  test.setTimeout(240_000); // a hang bound
  const { context, page } = await openWithClock(browser, baseURL, () => {
    // An old browser: no Server-Sent Events.
    delete (window as { EventSource?: unknown }).EventSource;
  });
  const streams: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/stream")) streams.push(request.url());
  });
  await page.clock.fastForward(5_000); // past the moment the stream would open
  await expectPollingFallback(page, "96210.98", "96,210.98");
  expect(streams).toEqual([]);
  await photograph(page, "polling");
  await context.close();
});

test("a new breaking-news item reaches an open page's ticker over its open stream", async ({
  browser,
}) => {
  test.setTimeout(240_000); // a hang bound
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const streams: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/stream")) streams.push(request.url());
  });
  await page.goto("/");
  const ticker = page.getByRole("region", { name: "Breaking news" });
  const badge = tickerOf(page).getByTestId("live-badge");
  await expect(badge).toContainText("Live", { timeout: 30_000 });
  await expect(ticker.getByTestId("breaking-news-item")).not.toContainText(headline);
  const document = await markDocument(page);

  feedItems = `<item><title>${headline}</title><link>https://chaindaily.example/news/etf-record</link><guid isPermaLink="false">cd-4401</guid><description>Inflows beat the January record.</description><pubDate>${new Date().toUTCString()}</pubDate></item>`;
  // The server's next feed run (within 5 s) announces it; the page's one stream brings it.
  await expect(ticker.getByTestId("breaking-news-item")).toContainText(headline, {
    timeout: 60_000,
  });
  await expect(badge).toContainText("Live");
  expect(await document.sameDocument()).toBe(true);
  // Over the stream the page opened with: no reconnect, no resume brought it.
  expect(streams).toHaveLength(1);
  await context.close();
});
