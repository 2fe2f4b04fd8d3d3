import { expect, type Page } from "@playwright/test";
import { login, test } from "./fixtures";

/**
 * Issue 32: every page has exactly one <main> (404 and the signed-out dashboard had none), a skip
 * link where the layout has navigation, and no dashboard screen overflows a 390 px phone.
 */

// Its tests share nothing but their worker's server, and each cleans up what it sets there: they
// run side by side, so this long file does not keep one worker busy while the others are done
// (decision 316).
test.describe.configure({ mode: "parallel" });

const publicRoutes = [
  "/",
  "/articles",
  "/search?q=bitcoin",
  "/article/how-bitcoin-miners-survive-a-halving",
  "/markets",
  "/sentiment",
  "/analysis",
  "/categories",
  "/trending",
  "/category/bitcoin",
  "/profile",
  "/about",
  "/contact",
  "/careers",
  "/advertise",
  "/privacy",
  "/terms",
  "/cookies",
  "/disclaimer",
  "/landing",
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/no-such-page",
  "/dashboard",
  "/dashboard/articles",
];

const dashboardRoutes = [
  "/dashboard",
  "/dashboard/articles",
  "/dashboard/articles/create",
  "/dashboard/featured-articles",
  "/dashboard/api-keys",
  "/dashboard/users",
  "/dashboard/campaigns",
  "/dashboard/campaigns/syndication",
  "/dashboard/categories",
  "/dashboard/landing-page",
  "/dashboard/site-settings",
  "/dashboard/audit-log",
  "/dashboard/subscribers",
  "/dashboard/messages",
  "/dashboard/profile",
  "/dashboard/no-such-screen",
];

async function landmarks(page: Page) {
  return page.evaluate(() => ({
    mains: document.querySelectorAll("main").length,
    navigation: document.querySelectorAll("nav, [role='navigation']").length,
    skipLinks: [...document.querySelectorAll("a[href^='#']")].filter((link) =>
      /skip/i.test(link.textContent ?? ""),
    ).length,
  }));
}

test("every public page, signed out, has one <main> and a skip link where it has navigation", async ({
  page,
}) => {
  test.setTimeout(600_000); // a hang bound for a walk through many pages, not a speed limit
  const wrong: string[] = [];
  for (const path of publicRoutes) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const found = await landmarks(page);
    if (found.mains !== 1) wrong.push(`${path}: ${found.mains} <main>`);
    if (found.navigation > 0 && found.skipLinks === 0) wrong.push(`${path}: no skip link`);
  }
  expect(wrong).toEqual([]);
});

test("every dashboard screen has one <main>, a skip link and a title of its own, and none overflows 390 px", async ({
  page,
}) => {
  test.setTimeout(600_000); // a hang bound for a walk through many pages, not a speed limit
  await login(page, "admin");
  const wrong: string[] = [];
  // Each screen's tab and screen-reader name is its own, not "Dashboard | AurumWire" (issue 32).
  const titles = new Map<string, string>();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const path of dashboardRoutes) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      if (width === 1440 && path !== "/dashboard/no-such-screen") {
        const title = await page.title();
        const same = [...titles].find(([, seen]) => seen === title);
        if (same) wrong.push(`${path}: the same title as ${same[0]}, "${title}"`);
        titles.set(path, title);
      }
      const found = await landmarks(page);
      if (found.mains !== 1) wrong.push(`${path} at ${width}: ${found.mains} <main>`);
      if (found.navigation > 0 && found.skipLinks === 0)
        wrong.push(`${path} at ${width}: no skip link`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (overflow > 0) wrong.push(`${path} at ${width}: ${overflow}px wider than the screen`);
    }
  }
  expect(wrong).toEqual([]);
});
