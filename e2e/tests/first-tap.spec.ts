import { expect, type Page, type Route } from "@playwright/test";
import { demoAccounts, login, test } from "./fixtures";

// A reader's first tap is never lost (issue 35, decisions 240-241): on a reading page the scripts
// start after the content (decision 150), so a tap can come before React has hydrated the page.
// These tests hold the page's JavaScript back until they let it go, so "before hydration" is a
// certainty, not a race; how fast the answers come is measured by `npm run bench:interaction`.

const articlePath = "/article/how-bitcoin-miners-survive-a-halving";

/** Holds every script of the app until `release()` is called. */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.*\.js(\?.*)?$/, (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return {
    async release() {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/** Starts loading a page without waiting for it to hydrate (the fixture's goto would). */
function startLoading(page: Page, path: string): Promise<unknown> {
  return page.goto(path).catch((error: unknown) => error);
}

test("a tap on the menu before the page's scripts have run opens the menu", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const scripts = await holdScripts(page);
  const loading = startLoading(page, "/articles");
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Mobile menu" });
  await expect(menu.getByRole("link", { name: "Markets" })).toBeVisible();
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
  // The menu's search works from the HTML too.
  await menu.getByLabel("Search articles").fill("bitcoin");
  await menu.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=bitcoin$/);
  await scripts.release();
  await loading;
});

test("the menu stays open through hydration and closes with Escape", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const scripts = await holdScripts(page);
  const loading = startLoading(page, "/");
  const button = page.getByRole("button", { name: "Open menu" });
  await button.click();
  const menu = page.getByRole("navigation", { name: "Mobile menu" });
  await expect(menu).toBeVisible();
  await scripts.release();
  await loading;
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  await expect(menu).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
});

test("a press on a button before hydration is answered once the page has hydrated", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const scripts = await holdScripts(page);
  const loading = startLoading(page, articlePath);
  // An anonymous reader's Like sends them to log in.
  await page.getByRole("button", { name: "Like this article" }).click();
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
  await expect(page).toHaveURL(new RegExp(`${articlePath}$`));
  await scripts.release();
  await loading;
  await expect(page).toHaveURL(/\/login$/);
});

test("a sign-in sent before hydration signs in once the page has hydrated", async ({ page }) => {
  // Filled in (or by a password manager) and sent while the scripts are still on their way: the
  // post is kept, the typed values reach the form's state, and the sign-in goes through.
  const scripts = await holdScripts(page);
  const loading = startLoading(page, "/login");
  await page.getByLabel("Email").fill(demoAccounts.editor.email);
  await page.getByLabel("Password").fill(demoAccounts.editor.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
  await expect(page).toHaveURL(/\/login$/);
  await scripts.release();
  await loading;
  await expect(page.getByTestId("role-chip")).toHaveText("EDITOR");
  await expect(page.getByText(/needs JavaScript/)).toHaveCount(0);
});

test("an e-mail typed before hydration is in the form's state after it", async ({ page }) => {
  const scripts = await holdScripts(page);
  const loading = startLoading(page, "/login");
  await page.getByLabel("Email").fill(demoAccounts.author.email);
  await scripts.release();
  await loading;
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  // Only the password is given after hydration; the e-mail typed before it signs in.
  await page.getByLabel("Password").fill(demoAccounts.author.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByTestId("role-chip")).toHaveText("AUTHOR");
});

test("text typed into the header search before hydration is searched with its Search button", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const scripts = await holdScripts(page);
  const loading = startLoading(page, "/");
  const search = page
    .getByRole("search")
    .filter({ has: page.getByPlaceholder("Search crypto news...") });
  await search.getByLabel("Search articles").fill("staking");
  await scripts.release();
  await loading;
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?q=staking$/);
  await expect(search.getByLabel("Search articles")).toBeVisible();
});

test("a reader who scrolled to Load More before hydration stays there and gets more stories", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const scripts = await holdScripts(page);
  const loading = startLoading(page, "/");
  const loadMore = page.getByRole("button", { name: "Load More Articles" });
  await loadMore.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(1000);
  const stories = page.locator(
    'section[aria-labelledby="all-stories-heading"] a[href^="/article/"]',
  );
  const before = await stories.count();
  await loadMore.click();
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
  await scripts.release();
  await loading;
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  // Hydration does not throw the reader back to the top (where a tap would land on a story).
  await expect.poll(() => stories.count()).toBeGreaterThan(before);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(200);
});

test("the dashboard fetches the editor's code at idle, before the first tap, and reading pages do not", async ({
  page,
}) => {
  // Decision 301: the editor's route and Quill are fetched once a dashboard screen has painted.
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const editorCode = (list: string[]) =>
    list.filter((path) => /\/(dashboard\.article-create|quill-editor\.client)-/.test(path));
  await login(page, "editor");
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/", "/articles"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(editorCode(scripts)).toEqual([]);

  await page.goto("/dashboard");
  const create = page.getByRole("main").getByRole("link", { name: "Create Article" });
  await expect(create).toBeVisible();
  // Nothing tapped yet: both arrive by themselves.
  await expect
    .poll(
      () => ({
        route: scripts.some((path) => path.includes("/dashboard.article-create-")),
        quill: scripts.some((path) => path.includes("/quill-editor.client-")),
      }),
      { timeout: 30_000 },
    )
    .toEqual({ route: true, quill: true });
  const beforeTap = scripts.length;
  await create.click();
  await expect(page.locator(".ql-editor")).toBeVisible();
  // The tap fetched none of it again.
  expect(editorCode(scripts.slice(beforeTap))).toEqual([]);
});
