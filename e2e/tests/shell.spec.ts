import { expect } from "@playwright/test";
import { login, signUp, test } from "./fixtures";

const footerText =
  "Professional cryptocurrency news, analysis, and market data platform. Stay informed with real-time insights and sentiment analysis.";

test("the server HTML of / carries header and footer before any script runs", async ({
  request,
}) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const html = await response.text();
  // The one-line zod setting at the top of the head (decision 073) runs nothing of the app.
  const zodSetting = /<script[^>]*>globalThis\.__zod_globalConfig=[^<]*<\/script>/;
  expect(html).toMatch(zodSetting);
  // So does the early-input keeper (decision 241): it only listens until the page hydrates.
  const earlyInput = /<script id="aw-early-input"[^>]*>[\s\S]*?<\/script>/;
  expect(html).toMatch(earlyInput);
  const page = html.replace(zodSetting, "").replace(earlyInput, "");
  // JSON-LD blocks are data, not scripts that run.
  const firstScript = page.search(/<script(?![^>]*application\/ld\+json)/);
  expect(page.indexOf(footerText)).toBeGreaterThan(0);
  expect(page.indexOf(footerText)).toBeLessThan(firstScript);
  expect(html).toContain("Premium Crypto Intelligence");
  // Its styles are in the page: its own stylesheets inline, and no MUI (emotion) ones (150).
  // (Minified media queries use "<", as in "(width<600px)": the element ends at its closing tag.)
  expect(html).toMatch(/<style data-page-styles="">[\s\S]*\.aw-shell\b[\s\S]*?<\/style>/);
  expect(html).not.toContain("data-emotion");
  // The route manifest is one cached asset, not a partial copy inlined into every page (065).
  expect(html).toMatch(/import "\/assets\/manifest-[\w-]+\.js"/);
  expect(html).not.toContain("window.__reactRouterManifest =");
});

test("a server-rendered MUI page carries the scoped styles its class names use", async ({
  request,
}) => {
  const html = await (await request.get("/login")).text();
  const tag = /<style data-emotion="css ([\w ]+)"[^>]*>([^<]+)<\/style>/.exec(html);
  expect(tag).not.toBeNull();
  const ids = tag?.[1].split(" ") ?? [];
  expect(ids.length).toBeGreaterThan(3);
  for (const id of ids.slice(0, 3)) {
    expect(html).toContain(`css-${id}`);
    expect(tag?.[2]).toContain(`.css-${id}`);
  }
});

test("links of the public pages move inside the app; a Ctrl+click still opens a new tab", async ({
  page,
  context,
}) => {
  await page.goto("/");
  // A full page load would drop this marker.
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  const stayed = () => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Markets" })
    .click();
  await expect(page).toHaveURL(/\/markets$/);
  expect(await stayed()).toBe(true);
  await page.getByTestId("article-card").first().click();
  await expect(page).toHaveURL(/\/article\//);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await stayed()).toBe(true);
  await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
  expect(await stayed()).toBe(true);
  const [opened] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("link", { name: "Privacy Policy" }).click({ modifiers: ["Control"] }),
  ]);
  await opened.close();
  await expect(page).toHaveURL(/\/about$/);
});

test("anonymous pages load no code for the signed-in controls; the mobile menu is in the page", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Register" })).toBeVisible();
  expect(scripts.some((path) => /header-account|mobile-menu/.test(path))).toBe(false);
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Mobile menu" });
  await expect(menu.getByRole("link", { name: "Markets" })).toBeVisible();
  // The drawer came with the page (decision 240): opening it loads nothing.
  expect(scripts.some((path) => /header-account|mobile-menu/.test(path))).toBe(false);
  await menu.getByRole("link", { name: "Markets" }).click();
  await expect(page).toHaveURL(/\/markets$/);
  // Moving within the app closed it.
  await expect(menu).toBeHidden();
});

test("a visitor logs in as the demo admin, sees the admin chip and Dashboard, and logs out", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByText(footerText)).toBeVisible();
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();

  await login(page, "admin");
  await expect(page).toHaveURL(/\/$/);
  const chip = page.getByTestId("role-chip");
  await expect(chip).toHaveText("ADMIN");
  await expect(page.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Account menu" })).toContainText("AA");

  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menuitem", { name: "Landing Page Manager" })).toBeVisible();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
});

test("a wrong password shows the server's message", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByText("Demo admin account")).toBeVisible();
  await page.getByLabel("Email").fill("admin@aurumwire.test");
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
});

test("the search box submits trimmed text, URL-encoded", async ({ page }) => {
  await page.goto("/");
  const search = page.getByRole("textbox", { name: "Search articles" }).first();
  await search.fill("   ");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/$/);
  await search.fill("  bitcoin & eth ");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=bitcoin%20%26%20eth$/);
});

test("a new reader registers and a reader is kept out of the dashboard", async ({
  page,
  request,
}) => {
  await signUp(page, request, {
    firstName: "Nia",
    lastName: "Reader",
    email: `nia-${Date.now()}@example.com`,
    password: "nia-password",
  });
  await expect(page.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(
    page.getByText("You need admin, editor or author privileges to access this page."),
  ).toBeVisible();
});

test("a corrupt stored user is cleared", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => {
    localStorage.setItem("token", "abc");
    localStorage.setItem("user", "{not json");
  });
  await page.reload();
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
});
