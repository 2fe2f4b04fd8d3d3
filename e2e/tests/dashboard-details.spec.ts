import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { demoAccounts, login, test } from "./fixtures";

/** What editors and readers tripped on in the dashboard and around it (issue 32). */

async function apiToken(request: APIRequestContext, role: keyof typeof demoAccounts) {
  const response = await request.post("/api/auth/login", { data: demoAccounts[role] });
  expect(response.ok()).toBe(true);
  return `Bearer ${(await response.json()).token}`;
}

/** Heading levels in document order; a level more than one below the one before is a jump. */
async function headingJumps(page: Page) {
  const levels = await page.evaluate(() =>
    [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((heading) =>
      Number(heading.tagName[1]),
    ),
  );
  return levels.filter((level, index) => index > 0 && level > levels[index - 1] + 1);
}

test("every dashboard screen has its own title, and a skip link past the drawer", async ({
  page,
}) => {
  await login(page, "admin");
  const paths = [
    "/dashboard",
    "/dashboard/articles",
    "/dashboard/articles/create",
    "/dashboard/featured-articles",
    "/dashboard/categories",
    "/dashboard/landing-page",
    "/dashboard/site-settings",
    "/dashboard/subscribers",
    "/dashboard/messages",
    "/dashboard/profile",
  ];
  const titles = new Set<string>();
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator("main h1").first()).toBeVisible();
    const title = await page.title();
    expect(title, path).toMatch(/\| AurumWire$/);
    titles.add(title);
  }
  expect(titles.size).toBe(paths.length);
  await page.goto("/dashboard/articles");
  // The first Tab only once the screen is whole: hydrated, signed in (the drawer and its skip
  // link are drawn in the browser) and its heading shown. A Tab pressed while the page was still
  // being put together landed elsewhere now and then (issue 33).
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  await expect(skip).toHaveCount(1);
  await expect(page.locator("main h1").first()).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  // The next stop is in the screen, past the drawer's links.
  await page.keyboard.press("Tab");
  const inMain = await page.evaluate(
    () => !!document.activeElement?.closest("main#dashboard-content"),
  );
  expect(inMain).toBe(true);
});

test("the dashboard home says whose numbers it shows and leaves scheduled articles out of Published", async ({
  page,
  request,
}) => {
  const authorization = await apiToken(request, "author");
  const statsBefore = await (
    await request.get("/api/admin/articles/stats", { headers: { authorization } })
  ).json();
  const categories = (await (await request.get("/api/categories")).json()).categories;
  const created = await request.post("/api/articles", {
    headers: { authorization },
    data: {
      categoryId: categories[0].id,
      title: `Scheduled for next week ${Date.now().toString(36)}`,
      excerpt: "A scheduled article must not be counted as published before its date comes.",
      content: `<p>${"The desk schedules this wrap for next week's open. ".repeat(4)}</p>`,
      status: "published",
      publishedAt: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
    },
  });
  // Authors may not publish: the article waits as scheduled only if the role may schedule.
  expect([201, 403]).toContain(created.status());
  await login(page, "author");
  await page.goto("/dashboard");
  const yours = page.getByRole("region", { name: "Your numbers" });
  await expect(yours.getByText("Your Articles", { exact: true })).toBeVisible();
  await expect(yours.getByText("Your Published", { exact: true })).toBeVisible();
  const published = yours.getByText("Your Published", { exact: true }).locator("xpath=..");
  await expect(published.locator("p").first()).toHaveText(String(statsBefore.published));
});

test("article analytics: whole-number axes, plain words, and back to where the writer came from", async ({
  page,
  request,
}) => {
  const authorization = await apiToken(request, "editor");
  const categories = (await (await request.get("/api/categories")).json()).categories;
  const created = await request.post("/api/articles", {
    headers: { authorization },
    data: {
      categoryId: categories[0].id,
      title: `Axis check ${Date.now().toString(36)}: a wrap nobody has read yet`,
      excerpt: "A fresh article with no views: its charts must not draw fractional view counts.",
      content: `<p>${"Order books thinned while traders waited for the data release. ".repeat(4)}</p>`,
      status: "published",
    },
  });
  expect(created.status()).toBe(201);
  const article = (await created.json()).article as { id: number };
  await login(page, "editor");
  await page.goto(`/dashboard/articles/${article.id}/analytics?from=articles`);
  await expect(page.getByRole("heading", { name: "Article analytics" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Articles" })).toBeVisible();
  await expect(page.getByText("0 visits timed")).toBeVisible();
  const chart = page.getByRole("img", { name: /^Views per hour/ });
  await expect(chart).toBeVisible();
  const ticks = await chart.locator(".MuiChartsAxis-left text").allTextContents();
  expect(ticks.length).toBeGreaterThan(0);
  for (const tick of ticks.filter(Boolean)) expect(tick).toMatch(/^\d[\d,]*$/);
  await page.goto(`/dashboard/articles/${article.id}/analytics`);
  await expect(page.getByRole("link", { name: "Back to Dashboard" })).toBeVisible();
  // The home's empty "Views per day" axis reads whole numbers too.
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Views per day, last 30 days" })).toBeVisible();
  const homeTicks = await page.locator(".MuiChartsAxis-left text").allTextContents();
  for (const tick of homeTicks.filter(Boolean)) expect(tick).toMatch(/^\d[\d,]*$/);
});

test("landing manager: honest preview note, and a section's controls stay on one row on a phone", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, "editor");
  await page.goto("/dashboard/landing-page");
  const edit = page.getByRole("button", { name: /^Edit / }).first();
  const remove = page.getByRole("button", { name: /^Delete / }).first();
  await expect(remove).toBeVisible();
  const [editBox, removeBox] = [await edit.boundingBox(), await remove.boundingBox()];
  expect(Math.abs((editBox?.y ?? 0) - (removeBox?.y ?? 100))).toBeLessThan(4);
  await page.getByLabel("Preview").check();
  await expect(page.getByText("Page sections are saved as you change them")).toBeVisible();
  await expect(page.getByText("Preview with your unsaved changes")).toHaveCount(0);
});

test("landmarks, skip links and heading order on the pages readers reach", async ({ page }) => {
  for (const path of ["/login", "/register", "/landing"]) {
    await page.goto(path);
    await expect(page.getByRole("link", { name: "Skip to main content" }), path).toHaveCount(1);
    await expect(page.locator("main"), path).toHaveCount(1);
  }
  for (const path of ["/no-such-page", "/dashboard"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("main"), path).toHaveCount(1);
  }
  for (const path of ["/search?q=bitcoin", "/articles?page=2"]) {
    await page.goto(path);
    expect(await headingJumps(page), path).toEqual([]);
  }
  await login(page, "editor");
  await page.goto("/dashboard/profile");
  await expect(page.getByRole("heading", { name: "Change Password" })).toBeVisible();
  await expect(page.locator("main h6")).toHaveCount(0);
  expect(await headingJumps(page)).toEqual([]);
});
