import { expect } from "@playwright/test";
import { login, seriousViolations, test } from "./fixtures";

/**
 * Issue 30: news sentiment where readers and staff see it (decisions 190-196): coin pages, the
 * /markets column, article chips, the editor's panel, the dashboard's analytics, the tickers and
 * the landing page's Market Analysis block. The server scores the demo content within 20 s of its
 * start (the sentiment job), so the pages that need scores wait for them with a bounded retry.
 */

test("a coin page labels sample prices, shows the gauge and its news; an unknown coin is a 404", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/coin/bitcoin");
  await expect(page.getByRole("heading", { level: 1, name: "Bitcoin (BTC)" })).toBeVisible();
  const figures = page.getByRole("region", { name: "Market data" });
  await expect(figures.getByText("Sample data", { exact: true })).toBeVisible();
  await expect(figures.getByText("Sample data: no live market feed is connected.")).toBeVisible();
  await expect(figures.getByText("Sample", { exact: true })).toHaveCount(4);
  // The chart card and the sentiment card stand side by side, equally tall.
  const chart = await page.getByRole("region", { name: "Price chart", exact: true }).boundingBox();
  const mood = await page
    .getByRole("region", { name: "News Sentiment", exact: true })
    .boundingBox();
  expect(Math.abs((chart?.height ?? 0) - (mood?.height ?? 1))).toBeLessThan(2);
  await expect(
    page.getByRole("img", { name: /News Sentiment per day over 30 days/ }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const missing = await page.goto("/coin/notacoin");
  expect(missing?.status()).toBe(404);
});

test("/markets has the index and a News sentiment column linking each coin to its page", async ({
  page,
}) => {
  await page.goto("/markets");
  await expect(page.getByRole("heading", { name: "AurumWire News Sentiment Index" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "News sentiment (24h)" })).toBeVisible();
  await page
    .getByRole("region", { name: "Cryptocurrency prices", exact: true })
    .getByRole("link", { name: /^BTC\s*Bitcoin$/ })
    .click();
  await expect(page).toHaveURL(/\/coin\/bitcoin$/);
  await page.goto("/sentiment");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("an article about a coin shows its chip, linking to the coin page", async ({ page }) => {
  const chips = page.getByRole("navigation", { name: "News sentiment per coin" });
  // Scored by the job within 20 s of the server's start.
  await expect(async () => {
    await page.goto("/article/how-bitcoin-miners-survive-a-halving");
    await expect(chips.getByRole("link", { name: /^BTC: / })).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await chips.getByRole("link", { name: /^BTC: / }).click();
  await expect(page).toHaveURL(/\/coin\/bitcoin$/);
});

test("the editor's panel says how the draft reads for each coin, and why", async ({ page }) => {
  await login(page, "editor");
  await page.goto("/dashboard/articles/create");
  await page
    .getByRole("textbox", { name: "Title", exact: true })
    .fill("Ether slides as a bridge exploit drains $80 million and outflows mount");
  const panel = page.getByTestId("draft-sentiment");
  await expect(panel.getByText("This headline reads bearish for ETH")).toBeVisible();
  await expect(panel.getByText(/^Why bearish: .*'exploit'/).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the dashboard's analytics show sentiment over time per coin and per category", async ({
  page,
}) => {
  await login(page, "admin");
  await page.goto("/dashboard");
  const panel = page.getByTestId("sentiment-trends");
  await expect(panel.getByRole("heading", { name: "News sentiment, last 30 days" })).toBeVisible();
  await expect(panel.getByRole("list", { name: "Coverage over 30 days" })).toContainText("(BTC)");
  await panel.getByRole("tab", { name: "Per category" }).click();
  await expect(panel.getByRole("list", { name: "Coverage over 30 days" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("an editor switches sentiment to the AI model and asks it how a draft reads", async ({
  page,
}) => {
  await login(page, "editor");
  await page.goto("/dashboard");
  const engine = page.getByTestId("sentiment-engine");
  const offline = engine.getByRole("radio", { name: "Offline classifier" });
  const model = engine.getByRole("radio", { name: "AI model (llama3.1 on Ollama)" });
  await expect(offline).toBeChecked();
  await model.click();
  try {
    await expect(page.getByText("Sentiment is now scored by the AI model")).toBeVisible();
    await expect(model).toBeChecked();
    await expect(engine).toContainText("Set by Elena Marsh");
    for (const width of [390, 1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await engine.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`engine-switch-${width}.png`) });
    }
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto("/dashboard/articles/create");
    await page
      .getByRole("textbox", { name: "Title", exact: true })
      .fill("Ether plunges as a bridge exploit drains $80 million");
    await page.getByRole("button", { name: "Ask the AI model" }).click();
    const reading = page.getByTestId("model-sentiment");
    await expect(reading.getByText("The AI model's reading (llama3.1)")).toBeVisible();
    await expect(reading.getByText("This headline reads bearish for ETH")).toBeVisible();
    await expect(reading.getByText("Why bearish: 'exploit'").first()).toBeVisible();
    await reading.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath("editor-model-reading-1440.png") });
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    // The other specs expect the offline classifier.
    await page.goto("/dashboard");
    await offline.click();
    await expect(offline).toBeChecked();
  }
});

test("the price ticker's SAMPLE label covers no coin, its coins open their pages, at 390 px the first fits", async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 800 },
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  await page.goto("/");
  const label = await page.locator(".aw-ticker__sample").boundingBox();
  const view = await page.locator(".aw-ticker__viewport").boundingBox();
  const first = page.getByTestId("ticker-coin").first();
  const coin = await first.boundingBox();
  expect(label && view && coin).toBeTruthy();
  // The label ends where the coins' window starts; the first coin, price and change, fits in it.
  expect(label!.x + label!.width).toBeLessThanOrEqual(view!.x + 0.5);
  expect(coin!.x).toBeGreaterThanOrEqual(view!.x);
  expect(coin!.x + coin!.width).toBeLessThanOrEqual(view!.x + view!.width);
  await expect(first).toHaveAttribute("href", /^\/coin\/[a-z]+$/);
  await context.close();
});

test("/landing's Market Analysis block: four analysis items under a section heading, no story twice", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/landing");
  const block = page.locator('[data-section-type="market_analytics"]');
  await expect(block.getByRole("heading", { level: 2, name: "Market Analysis" })).toHaveClass(
    /aw-section__title/,
  );
  await expect(block.locator(".aw-landing-analysis > div")).toHaveCount(4);
  await expect(
    block.getByRole("heading", { name: "AurumWire News Sentiment Index" }),
  ).toBeVisible();
  // The market cards fill one row of four: no hole.
  const cards = block.locator(".aw-analytics-card");
  const tops = await cards.evaluateAll((nodes) =>
    nodes.map((node) => Math.round(node.getBoundingClientRect().top)),
  );
  expect(new Set(tops).size).toBe(1);
  const links = await page
    .locator("main a[href^='/article/'], [data-section-type] a[href^='/article/']")
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("href")));
  const stories = links.filter((href, index) => links.indexOf(href) === index);
  const perSection = await page
    .locator("[data-section-type]")
    .evaluateAll((sections) =>
      sections.map((section) => [
        ...new Set(
          [...section.querySelectorAll("a[href^='/article/']")].map((a) => a.getAttribute("href")),
        ),
      ]),
    );
  expect(perSection.flat().length).toBe(new Set(perSection.flat()).size);
  expect(stories.length).toBeGreaterThan(0);
  expect(await seriousViolations(page)).toEqual([]);
});
