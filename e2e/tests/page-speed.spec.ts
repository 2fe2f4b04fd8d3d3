import { expect, type Page, type Request } from "@playwright/test";
import { test } from "./fixtures";

// What a phone needs before it can paint (issue 21, decision 150): the page's stylesheets inline,
// the LCP image preloaded with high priority, and no JavaScript the page does not use. The
// Lighthouse figures themselves are taken with scripts/lighthouse.mjs, not here (no timings in
// tests).

const articlePath = "/article/how-bitcoin-miners-survive-a-halving";

/** The <img> tags of the page's <main>, in document order. */
function mainImages(html: string): string[] {
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  return [...main.matchAll(/<img\b[^>]*>/g)].map((match) => match[0]);
}

/** Console errors (a hydration mismatch is one) and page errors while the test runs. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return errors;
}

test("public pages carry their stylesheets inline and link none", async ({ request }) => {
  for (const path of ["/", articlePath, "/articles", "/markets", "/analysis", "/category/news"]) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head, path).not.toMatch(/<link[^>]+rel="stylesheet"/);
    expect(head, path).toMatch(/<style data-page-styles="">[^<]*\.aw-shell\b/);
  }
});

test("the LCP image loads first: not lazy, high priority, preloaded; the other covers wait", async ({
  request,
}) => {
  for (const path of ["/", "/articles", "/markets", "/analysis", "/category/news", "/landing"]) {
    const html = await (await request.get(path)).text();
    const [first, ...others] = mainImages(html);
    expect(first, path).toContain('fetchPriority="high"');
    expect(first, path).toContain('loading="eager"');
    // React's server render preloads it from <head>: by href, or by imageSrcSet when it has one.
    const src = /\ssrc="([^"]+)"/.exec(first)?.[1];
    const srcSet = /\ssrcSet="([^"]+)"/.exec(first)?.[1];
    const head = html.slice(0, html.indexOf("</head>"));
    const preloads = [...head.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0]);
    const preload = preloads.find((link) => link.includes('fetchPriority="high"'));
    expect(preload, path).toBeDefined();
    expect(preload, path).toContain(srcSet ? `imageSrcSet="${srcSet}"` : `href="${src}"`);
    // Exactly one image of the page asks for high priority; the list's later covers are lazy.
    expect(
      others.filter((img) => img.includes('fetchPriority="high"')),
      path,
    ).toEqual([]);
    expect(others.at(-1), path).toContain('loading="lazy"');
  }
});

test("a reading page starts its scripts after its LCP image; a form page preloads them at low priority", async ({
  page,
  request,
}) => {
  for (const path of ["/", articlePath, "/markets", "/landing"]) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head, path).not.toContain('rel="modulepreload"');
    expect(html, path).not.toMatch(/<script[^>]*type="module"/);
    expect(html, path).toMatch(/<script[^>]*type="text\/x-aurumwire-waiting" id="aw-scripts">/);
  }
  const login = await (await request.get("/login")).text();
  const loginHead = login.slice(0, login.indexOf("</head>"));
  const preloads = [...loginHead.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
  expect(preloads.length).toBeGreaterThan(0);
  expect(preloads.filter((link) => !link.includes('fetchpriority="low"'))).toEqual([]);
  expect(login).not.toContain('id="aw-scripts"');

  // In the browser: no script is asked for before the LCP image has arrived, and then the page
  // becomes interactive, also when it comes from the shared page cache (hashes, not a nonce, in
  // its policy: the second visit) and so on with no error.
  const errors = collectErrors(page);
  for (const visit of [1, 2]) {
    const events: string[] = [];
    const onRequest = (r: Request) => {
      if (r.resourceType() === "script") events.push(`script ${r.url()}`);
    };
    const onFinished = (r: Request) => {
      if (r.resourceType() === "image") events.push(`image ${r.url()}`);
    };
    page.on("request", onRequest);
    page.on("requestfinished", onFinished);
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    page.off("request", onRequest);
    page.off("requestfinished", onFinished);
    const lcp = await page
      .locator('main img[fetchpriority="high"]')
      .evaluate((img: HTMLImageElement) => img.currentSrc);
    const imageAt = events.indexOf(`image ${lcp}`);
    const firstScript = events.findIndex((event) => event.startsWith("script "));
    expect(imageAt, `visit ${visit}: ${events.join("\n")}`).toBeGreaterThanOrEqual(0);
    expect(firstScript, `visit ${visit}: ${events.join("\n")}`).toBeGreaterThan(imageAt);
  }
  // Interactive: the header's menu button opens its menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("navigation", { name: "Mobile menu" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("an in-app navigation brings the next page's stylesheets, with no hydration error", async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  // The home paints from its inline rules: the site's dark background, no stylesheet link.
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(11, 11, 15)");
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
  const hero = page.getByRole("region", { name: "Top story" }).getByTestId("article-card");
  const href = await hero.getAttribute("href");
  await hero.click();
  await page.waitForURL(`**${href}`);
  // The article page's own stylesheet (not part of the home's inline rules) is linked and applies.
  await expect(page.locator('link[rel="stylesheet"]').first()).toBeAttached();
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.styleSheets].some((sheet) => {
          try {
            return [...sheet.cssRules].some((rule) =>
              (rule as CSSStyleRule).selectorText?.includes(".aw-article__title"),
            );
          } catch {
            return false;
          }
        }),
      ),
    )
    .toBe(true);
  await expect(page.locator(".aw-article__title")).not.toHaveCSS("font-size", "32px");
  expect(errors).toEqual([]);
});

test("public pages load no MUI and no zod; the sparklines load when their cards come into view", async ({
  page,
}) => {
  const errors = collectErrors(page);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  for (const path of [articlePath, "/markets"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(
      scripts.filter((script) => /\/(mui-base|schemas)-/.test(script)),
      path,
    ).toEqual([]);
  }
  // The home and the landing layout draw their market charts with MUI when seen, but load no zod.
  for (const path of ["/", "/landing"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(
      scripts.filter((script) => /\/schemas-/.test(script)),
      path,
    ).toEqual([]);
  }

  // On a phone the Market Analytics cards are far down the home page: no chart code until then.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const charts = page.getByRole("region", { name: "Market Analytics" });
  expect(scripts.filter((path) => path.includes("/sparkline-"))).toEqual([]);
  await expect(charts.locator(".aw-analytics-card__chart svg")).toHaveCount(0);
  await charts.scrollIntoViewIfNeeded();
  await expect(charts.locator(".aw-analytics-card__chart svg").first()).toBeVisible();
  expect(scripts.some((path) => path.includes("/sparkline-"))).toBe(true);
  expect(errors).toEqual([]);
});
