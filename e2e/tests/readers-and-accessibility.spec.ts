import { expect, type Page } from "@playwright/test";
import { login, seriousViolations, test } from "./fixtures";

/** Issue 18: what readers meet on the public site, and what axe finds there. */

const minersArticle = "/article/how-bitcoin-miners-survive-a-halving";

// Its tests share nothing but their worker's server, and each cleans up what it sets there: they
// run side by side, so this long file does not keep one worker busy while the others are done
// (decision 316).
test.describe.configure({ mode: "parallel" });

/** The author page an article's JSON-LD names (decision 137). */
async function authorUrlOf(page: Page, articlePath: string): Promise<string> {
  await page.goto(articlePath);
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const newsArticle = blocks
    .map((block) => JSON.parse(block))
    .find((data) => data["@type"] === "NewsArticle");
  return new URL(newsArticle.author[0].url).pathname;
}

test("axe finds no serious or critical problem on the public pages, at 1440 and 390 px", async ({
  page,
}) => {
  test.setTimeout(600_000); // a hang bound for a walk through many pages, not a speed limit
  const authorPage = await authorUrlOf(page, minersArticle);
  const paths = [
    "/",
    "/articles",
    "/analysis",
    "/markets",
    "/categories",
    "/category/bitcoin",
    "/trending",
    minersArticle,
    authorPage,
    "/about",
    "/contact",
    "/cookies",
    "/privacy",
    "/search?q=bitcoin",
    "/search?q=zzqqxx",
    "/no-such-page",
  ];
  const found: string[] = [];
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      for (const violation of await seriousViolations(page))
        found.push(`${width} ${path} ${violation}`);
    }
  }
  expect(found).toEqual([]);
});

test("the first tab stop skips to the main content", async ({ page }) => {
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main-content")).toBeFocused();
});

test("a failed Load More says the spec's 'Failed to fetch articles'", async ({ page }) => {
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await page.route(/\/api\/articles\?offset=/, (route) =>
    route.fulfill({ status: 500, json: { error: "Internal Server Error", code: "internal" } }),
  );
  const stories = page.getByRole("region", { name: "All Stories" });
  await stories.getByRole("button", { name: "Load More Articles" }).click();
  await expect(stories.getByRole("alert")).toHaveText("Failed to fetch articles");
});

test("every page has one fitting title", async ({ page }) => {
  const titles: Array<[string, string]> = [
    ["/category/news", "News and Analysis | AurumWire"],
    ["/category/bitcoin", "Bitcoin News and Analysis | AurumWire"],
    ["/category/technical-analysis", "Technical Analysis and News | AurumWire"],
    ["/category/no-such-category", "Category not found | AurumWire"],
    ["/no-such-page", "Page not found | AurumWire"],
    ["/article/no-such-article", "Article not found | AurumWire"],
    ["/cointelegraph-test", "Partner integration diagnostics | AurumWire"],
  ];
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
    expect(await page.locator("head title").count(), path).toBe(1);
  }
});

test("Latest News fills two rows of three; highlight boxes are not repeated; search stands alone", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  const latest = page.getByRole("region", { name: "Latest News" }).getByTestId("article-card");
  await expect(latest).toHaveCount(6);
  const tops = new Set<number>();
  for (const card of await latest.all()) tops.add(Math.round((await card.boundingBox())!.y));
  expect(tops.size).toBe(2);

  await page.goto("/analysis");
  const premium = page.getByRole("region", { name: "Premium Analysis" });
  const premiumTitles = await premium.getByRole("heading", { level: 3 }).allTextContents();
  expect(premiumTitles.length).toBeGreaterThan(0);
  const listTitles = await page
    .locator("section.aw-section:not(.aw-highlight)")
    .getByRole("heading", { level: 3 })
    .allTextContents();
  expect(listTitles.filter((title) => premiumTitles.includes(title))).toEqual([]);

  await page.goto("/search?q=zzqqxx");
  await expect(page.getByRole("heading", { name: "No News Articles Found" })).toBeVisible();
  await expect(page.getByTestId("article-card")).toHaveCount(0);
});

test("on a phone: no sideways page scroll, tabs wrap, the prices table is a labelled scroll region", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/cookies", "/markets", "/", "/analysis"]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow, path).toBeLessThanOrEqual(390);
  }
  await page.goto("/markets");
  for (const tab of await page
    .getByRole("navigation", { name: "Sections" })
    .getByRole("link")
    .all()) {
    const box = (await tab.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  const table = page.getByRole("region", { name: "Cryptocurrency prices", exact: true });
  await expect(table).toHaveAttribute("tabindex", "0");
  await expect(page.getByText("Swipe the table sideways for market cap and volume")).toBeVisible();
  // The sample label sits beside the moving coins, never over them.
  const label = (await page.locator(".aw-ticker__sample").boundingBox())!;
  const coins = (await page.locator(".aw-ticker__viewport").boundingBox())!;
  expect(coins.x).toBeGreaterThanOrEqual(label.x + label.width - 0.5);
});

test("covers come in the width the slot needs; the hero first and at once", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const hero = page.getByRole("region", { name: "Top story" }).locator("img");
  await expect(hero).toHaveAttribute("fetchpriority", "high");
  await expect(hero).toHaveAttribute("loading", "eager");
  const latest = page.getByRole("region", { name: "Latest News" }).locator("img");
  await expect(latest.nth(0)).toHaveAttribute("loading", "eager");
  await expect(latest.nth(3)).toHaveAttribute("loading", "lazy");
  // Every stored cover offers its widths; the small sidebar cards ask for the smallest.
  const stories = page.getByRole("region", { name: "All Stories" });
  const storedCover = stories.locator('img[src^="/uploads/covers/"]').first();
  await expect(storedCover).toHaveAttribute(
    "srcset",
    /-400\.jpg 400w, .*-800\.jpg 800w, .*-1200\.jpg 1200w/,
  );
  await expect(storedCover).toHaveAttribute("sizes", /100vw$/);
  const trending = page.getByRole("region", { name: "Trending Stories" });
  for (const image of await trending.locator("img[srcset]").all()) {
    await expect(image).toHaveAttribute("sizes", "96px");
  }
  // On a 390 px phone at pixel ratio 1 the article's cover is the 400 px file, not the 1200 px one.
  await page.goto(minersArticle);
  const cover = page.locator("img.aw-article__image");
  await expect(cover).toHaveAttribute("fetchpriority", "high");
  await expect
    .poll(() => cover.evaluate((image: HTMLImageElement) => image.currentSrc))
    .toMatch(/-400\.jpg$/);
});

test("feeds, icons and structured data are there for other sites", async ({ page, request }) => {
  const icon = await request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toMatch(/icon/);
  const logo = await request.get("/logo.png");
  expect(logo.headers()["cache-control"]).toContain("max-age=86400");
  expect(logo.headers()["cross-origin-resource-policy"]).toBe("cross-origin");
  const share = await request.get("/share-image.png");
  expect(share.headers()["cross-origin-resource-policy"]).toBe("cross-origin");
  const home = await request.get("/");
  expect(home.headers()["cross-origin-resource-policy"]).toBe("same-origin");

  await page.goto("/");
  await expect(
    page.locator('head link[rel="alternate"][type="application/rss+xml"]'),
  ).toHaveAttribute("href", /\/rss\.xml$/);
  const types = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (block) => JSON.parse(block)["@type"],
  );
  expect(types).toEqual(expect.arrayContaining(["Organization", "WebSite"]));
  await expect(page.getByRole("search")).toHaveAttribute("action", "/search");
  await page.goto("/articles");
  await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveCount(
    1,
  );
});

test("premium articles, served in full, do not claim to be paywalled", async ({
  page,
  request,
}) => {
  const premium = (await (await request.get("/api/articles?premium=true&limit=1")).json())
    .articles[0];
  await page.goto(`/article/${premium.slug}`);
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const newsArticle = blocks
    .map((block) => JSON.parse(block))
    .find((data) => data["@type"] === "NewsArticle");
  expect(newsArticle.isAccessibleForFree).toBe(true);
  expect(newsArticle.publisher.url).toMatch(/^https?:\/\/[^/]+\/$/);
});

test("the carousel shows one card at a time on a phone", async ({ page, request }) => {
  const login = await request.post("/api/auth/login", {
    data: { email: "admin@aurumwire.test", password: "AurumAdmin#2024" },
  });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const setMode = (heroDisplayMode: string) =>
    request.put("/api/site-settings", { headers, data: { heroDisplayMode } });
  expect((await setMode("carousel")).ok()).toBe(true);
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const carousel = page.getByRole("region", { name: "Latest in Crypto" });
    const cards = carousel.getByTestId("article-card");
    await expect(cards).toHaveCount(6);
    const first = (await cards.nth(0).boundingBox())!;
    expect(first.width).toBeGreaterThan(300);
    await expect(cards.nth(1)).not.toBeInViewport();
    await carousel.getByRole("button", { name: "Next articles" }).click();
    await expect(cards.nth(1)).toBeInViewport();
    await expect(carousel.getByRole("button", { name: "Show article 6" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await setMode("hero");
  }
});

test("an article's byline leads to the author's page: bio, articles, and in the sitemap", async ({
  page,
  request,
}) => {
  const authorPath = await authorUrlOf(page, minersArticle);
  expect(authorPath).toMatch(/^\/author\/[a-z-]+-\d+$/);
  const byline = page.locator(".aw-article__meta").getByRole("link");
  const name = (await byline.textContent())!.trim();
  await byline.click();
  await expect(page).toHaveURL(authorPath);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page).toHaveTitle(`${name}: articles and analysis | AurumWire`);
  const cards = page.getByTestId("article-card");
  expect(await cards.count()).toBeGreaterThan(0);
  // An old name in the path still finds the author, at the current address.
  const id = authorPath.split("-").pop();
  await page.goto(`/author/someone-else-${id}`);
  await expect(page).toHaveURL(authorPath);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`${authorPath}</loc>`);
  await page.goto("/author/nobody-999999");
  await expect(page.getByRole("heading", { name: "Author not found" })).toBeVisible();
});

test("the contribution box appears once an admin sets a real address", async ({ page }) => {
  const address = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
  await page.goto(minersArticle);
  await expect(page.getByTestId("bitcoin-address")).toHaveCount(0);
  await login(page, "admin");
  await page.goto("/dashboard/site-settings");
  const field = page.getByLabel("Bitcoin contribution address");
  await field.fill("bc1qaurumwire0demo0address0replace0me0xyz");
  await page.getByRole("button", { name: "Save Contact Details" }).click();
  await expect(page.getByText("Enter a Bitcoin address (bc1..., 1... or 3...)")).toBeVisible();
  await field.fill(address);
  await page.getByLabel("Contact e-mail").fill("desk@aurumwire.example");
  await page.getByRole("button", { name: "Save Contact Details" }).click();
  await expect(page.getByText("Site settings saved successfully!")).toBeVisible();
  try {
    await page.goto(minersArticle);
    await expect(page.getByTestId("bitcoin-address")).toHaveText(address);
    await page.goto("/contact");
    await expect(page.getByRole("link", { name: "desk@aurumwire.example" })).toHaveAttribute(
      "href",
      "mailto:desk@aurumwire.example",
    );
  } finally {
    await page.goto("/dashboard/site-settings");
    await expect(field).toHaveValue(address);
    await field.fill("");
    await page.getByLabel("Contact e-mail").fill("");
    await page.getByRole("button", { name: "Save Contact Details" }).click();
    await expect(page.getByText("Site settings saved successfully!")).toBeVisible();
  }
});

test("axe finds no serious or critical problem on the dashboard screens at 1280 px", async ({
  page,
}) => {
  test.setTimeout(600_000); // a hang bound for a walk through many pages, not a speed limit
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, "admin");
  const found: string[] = [];
  for (const path of [
    "/dashboard",
    "/dashboard/articles",
    "/dashboard/articles/create",
    "/dashboard/featured-articles",
    "/dashboard/categories",
    "/dashboard/users",
    "/dashboard/api-keys",
    "/dashboard/site-settings",
    "/dashboard/profile",
  ]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    for (const violation of await seriousViolations(page)) found.push(`${path} ${violation}`);
  }
  expect(found).toEqual([]);
});
