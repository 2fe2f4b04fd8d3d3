import { type APIRequestContext, expect } from "@playwright/test";
import { demoAccounts, login, test } from "./fixtures";

/** What editors meet in the dashboard (issue 18, Editors). */

// Its tests share nothing but their worker's server, and each cleans up what it sets there: they
// run side by side, so this long file does not keep one worker busy while the others are done
// (decision 316).
test.describe.configure({ mode: "parallel" });

async function apiToken(request: APIRequestContext, role: keyof typeof demoAccounts) {
  const response = await request.post("/api/auth/login", { data: demoAccounts[role] });
  expect(response.ok()).toBe(true);
  return `Bearer ${(await response.json()).token}`;
}

async function createArticle(
  request: APIRequestContext,
  role: keyof typeof demoAccounts,
  overrides: Record<string, unknown> = {},
) {
  const authorization = await apiToken(request, role);
  const categories = await request.get("/api/categories");
  const categoryId = (await categories.json()).categories[0].id as number;
  const stamp = Date.now().toString(36);
  const response = await request.post("/api/articles", {
    headers: { authorization },
    data: {
      title: `Desk notes on liquidity ${stamp}`,
      excerpt: "A summary long enough for the shared validation rules of the article form.",
      content: `<p>${"Markets moved in a narrow range while traders waited for data. ".repeat(3)}</p>`,
      categoryId,
      status: "draft",
      ...overrides,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).article as { id: number; title: string; slug: string };
}

test.describe("users and keys", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("reset password stays disabled below the spec's 6 characters", async ({ page }) => {
    await login(page, "admin");
    await page.goto("/dashboard/users");
    await page
      .getByRole("button", { name: /^More actions for / })
      .first()
      .click();
    await page.getByRole("menuitem", { name: "Reset password" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset Password" });
    await dialog.getByLabel("New password").fill("abc");
    await dialog.getByLabel("Confirm password").fill("abc");
    await expect(dialog.getByRole("button", { name: "Reset Password" })).toBeDisabled();
    await dialog.getByLabel("New password").fill("abcdef");
    await dialog.getByLabel("Confirm password").fill("abcdef");
    await expect(dialog.getByRole("button", { name: "Reset Password" })).toBeEnabled();
  });

  test("the key reveal's curl example carries the whole key; deactivated is not revoked", async ({
    page,
  }) => {
    await login(page, "editor");
    await page.goto("/dashboard/api-keys");
    await page.getByRole("button", { name: "Generate New Key" }).click();
    const name = `Switchable ${Date.now().toString(36)}`;
    const generate = page.getByRole("dialog", { name: "Generate API Key" });
    await generate.getByLabel("Name").fill(name);
    await generate.getByRole("button", { name: "Generate Key" }).click();
    const reveal = page.getByRole("dialog", { name: "Your New API Key" });
    const key = await reveal.getByRole("textbox", { name: "API key" }).inputValue();
    expect(key).toMatch(/^aw_[A-Za-z0-9_-]{32}$/);
    await expect(reveal.getByLabel("Example request")).toContainText(`X-API-Key: ${key}"`);
    await reveal.getByRole("button", { name: "Done" }).click();

    const row = page.getByRole("row", { name: new RegExp(name) });
    await row.getByRole("button", { name: `More actions for ${name}` }).click();
    await page.getByRole("menuitem", { name: "Deactivate" }).click();
    await expect(page.getByText("API key deactivated successfully")).toBeVisible();
    await expect(row).toContainText("deactivated");
    await expect(row).not.toContainText("revoked");
  });
});

test("staff reach the dashboard from the account menu and from the mobile menu", async ({
  page,
}) => {
  await login(page, "author");
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Mobile menu" });
  await menu.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("an author opening another author's article gets a page with a heading and a way back", async ({
  page,
  request,
}) => {
  const article = await createArticle(request, "editor");
  await login(page, "author");
  await page.goto(`/dashboard/articles/${article.id}/edit`);
  await expect(page.getByRole("heading", { name: "Edit Article" })).toBeVisible();
  await expect(page.getByText(/Failed to load article for editing/)).toBeVisible();
  await page.getByRole("link", { name: "Back to Articles" }).click();
  await expect(page).toHaveURL(/\/dashboard\/articles$/);
});

test("Apply in Articles Management is enabled only while a typed search waits", async ({
  page,
}) => {
  await login(page, "editor");
  // The page's clock is held once it has loaded, so the typed search waits (its debounce never
  // fires by itself) for as long as the test looks: on a loaded machine the debounce could apply
  // the search before the test saw Apply enabled, and the click then waited for ever.
  await page.clock.install();
  await page.goto("/dashboard/articles");
  const apply = page.getByRole("button", { name: "Apply" });
  await expect(apply).toBeDisabled();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.getByLabel("Search articles").fill("bitcoin");
  await expect(apply).toBeEnabled();
  await apply.click();
  await expect(apply).toBeDisabled();
});

test("a future-dated published article shows as scheduled in the dashboard", async ({
  page,
  request,
}) => {
  const inADay = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
  const article = await createArticle(request, "editor", {
    status: "published",
    publishedAt: inADay,
  });
  expect((await request.get(`/article/${article.slug}`)).status()).toBe(404);
  await login(page, "editor");
  await page.goto("/dashboard/articles");
  await page.getByLabel("Search articles").fill(article.title);
  const row = page.getByRole("row", { name: new RegExp(article.title) });
  await expect(row).toContainText("Scheduled for");
  await expect(row).not.toContainText(/\bPublished\b/);
  await page.goto(`/dashboard/articles/${article.id}/edit`);
  await expect(page.getByTestId("scheduled-note")).toContainText("Scheduled for");
});

test("every management table fits at 1280 px and turns into cards at 390 px", async ({
  page,
  request,
}) => {
  // A key with every permission: the widest row the API Keys table has.
  const created = await request.post("/api/api-keys", {
    headers: { authorization: await apiToken(request, "admin") },
    data: {
      name: "Wide row key for the whole newsroom",
      permissions: ["articles:create", "articles:read", "articles:update", "articles:delete"],
      expiresAt: "2099-01-01T00:00:00.000Z",
    },
  });
  expect(created.status()).toBe(201);
  await login(page, "admin");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [path, name] of [
      ["/dashboard/users", "Users"],
      ["/dashboard/api-keys", "API keys"],
      ["/dashboard/articles", "Articles"],
    ] as const) {
      await page.goto(path);
      const table = page.getByRole("table", { name });
      await expect(table.locator("tbody tr").first()).toBeVisible();
      const fit = await table.evaluate((element) => ({
        table: element.scrollWidth,
        box: (element.parentElement as HTMLElement).clientWidth,
        page: document.documentElement.scrollWidth,
      }));
      expect(fit.table, `${path} at ${width} px`).toBeLessThanOrEqual(fit.box);
      expect(fit.page, `${path} at ${width} px`).toBeLessThanOrEqual(width);
      // Every row's last action (the menu) is inside the window.
      const more = table.getByRole("button", { name: /^More actions for / }).first();
      const box = await more.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(width);
    }
  }
});

test.describe("unsaved work survives", () => {
  const body =
    "Liquidity thinned out across the majors as desks waited for the rate decision, and spreads widened. ";

  async function writeArticle(page: import("@playwright/test").Page, title: string) {
    await page.goto("/dashboard/articles/create");
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await page
      .getByLabel("Excerpt")
      .fill("What the order books said while the market waited for the central bank decision.");
    await page.getByRole("combobox", { name: "Category" }).click();
    await page.getByRole("option", { name: "Bitcoin", exact: true }).click();
    await page.locator(".ql-editor").click();
    await page.keyboard.type(body + body);
    await expect(page.getByTestId("local-saved-at")).toContainText(/Saved at \d\d:\d\d:\d\d/);
  }

  test("a session that runs out on save: sign in again and the form is back", async ({ page }) => {
    const title = `Order books before the rate call ${Date.now().toString(36)}`;
    await login(page, "author");
    await writeArticle(page, title);
    // The session ends on the server's side (an expired or revoked token answers 401).
    await page.evaluate(() => localStorage.setItem("token", "expired.session.token"));
    // The save meets the ended session, or a request the form sends as the writer types (the
    // draft's sentiment, debounced) meets it first on a busy machine: either way the page goes to
    // sign in, and the button is gone before Playwright's click lands, which it would retry until
    // the test's time ran out (seen with three workers beside a benchmark).
    await page
      .getByRole("button", { name: "Save Draft" })
      .click({ timeout: 30_000 })
      .catch((error) => {
        if (!page.url().includes("/login?redirect=")) throw error;
      });

    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Farticles%2Fcreate$/);
    await page.getByLabel("Email").fill(demoAccounts.author.email);
    await page.getByLabel("Password").fill(demoAccounts.author.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();

    await expect(page).toHaveURL(/\/dashboard\/articles\/create$/);
    await expect(page.getByText("Your unsaved changes were restored.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(title);
    await expect(page.locator(".ql-editor")).toContainText("Liquidity thinned out");
    await expect(page.getByText("Unsaved changes", { exact: true })).toBeVisible();

    // Saved now: the local copy goes.
    await page.getByRole("button", { name: "Save Draft" }).click();
    await expect(page).toHaveURL(/\/dashboard\/articles\/\d+$/);
    expect(
      await page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key.startsWith("article-draft:")),
      ),
    ).toEqual([]);
  });

  test("a closed tab: the next visit offers the local copy", async ({ context }) => {
    const title = `Spreads widen into the close ${Date.now().toString(36)}`;
    const first = await context.newPage();
    await login(first, "author");
    await writeArticle(first, title);
    await first.close({ runBeforeUnload: false });

    const second = await context.newPage();
    await second.goto("/dashboard/articles/create");
    await expect(
      second.getByText(/Unsaved changes from .* are kept on this device\./),
    ).toBeVisible();
    await expect(second.getByRole("textbox", { name: "Title", exact: true })).toHaveValue("");
    await second.getByRole("button", { name: "Restore" }).click();
    await expect(second.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(title);
    await expect(second.locator(".ql-editor")).toContainText("Liquidity thinned out");
  });
});

test("a video, a code block and a background colour look the same in the editor and on the page", async ({
  page,
  request,
}) => {
  const title = `Reading the order book live ${Date.now().toString(36)}`;
  await login(page, "editor");
  await page.goto("/dashboard/articles/create");
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page
    .getByLabel("Excerpt")
    .fill("A walk through the order book with a video, a snippet of code and a highlighted note.");
  await page.getByRole("combobox", { name: "Category" }).click();
  await page.getByRole("option", { name: "Bitcoin", exact: true }).click();
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Published" }).click();

  const editor = page.locator(".ql-editor");
  await editor.click();
  await page.keyboard.type(
    "Depth matters more than the last trade when you size an order in a thin market. Important note",
  );
  // The last two words get a yellow background: the text on it turns dark.
  for (let i = 0; i < "Important note".length; i++) await page.keyboard.press("Shift+ArrowLeft");
  await page.locator(".ql-toolbar .ql-background .ql-picker-label").click();
  await page.locator('.ql-toolbar .ql-background .ql-picker-item[data-value="#ffff00"]').click();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");

  await page.locator(".ql-toolbar button.ql-video").click();
  const tooltip = page.locator(".ql-tooltip[data-mode=video] input");
  await tooltip.fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  await tooltip.press("Enter");
  await expect(editor.locator("iframe.ql-video")).toHaveAttribute(
    "src",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
  );

  await editor.press("Control+End");
  await page.locator(".ql-toolbar button.ql-code-block").click();
  await page.keyboard.type("const spread = ask - bid;");
  await editor.locator("select.ql-ui").selectOption("javascript");
  await expect(editor.locator(".ql-token.hljs-keyword").first()).toHaveText("const");

  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page).toHaveURL(/\/dashboard\/articles\/\d+$/);

  const slug = (
    await (await request.get(`/api/articles?search=${encodeURIComponent(title)}`)).json()
  ).articles[0].slug as string;
  const response = await page.goto(`/article/${slug}`);
  expect(response?.status()).toBe(200);
  const body = page.locator(".aw-article-body");
  await expect(body.locator("iframe.ql-video")).toHaveAttribute(
    "src",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
  );
  await expect(body.locator("pre code.hljs .hljs-keyword").first()).toHaveText("const");
  const note = body.locator('span[style*="background-color"]');
  await expect(note).toHaveText("Important note");
  await expect(note).toHaveCSS("color", "rgb(17, 17, 17)");
  // The page's CSP lets the player load.
  expect(response?.headers()["content-security-policy"]).toContain(
    "frame-src https://www.youtube-nocookie.com",
  );
});

test("the bell tells an author their article was published, and shows no badge otherwise", async ({
  page,
  request,
}) => {
  await login(page, "author");
  const bell = page.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications");
  await expect(page.getByTestId("notification-badge").locator(".MuiBadge-invisible")).toHaveCount(
    1,
  );

  const article = await createArticle(request, "author");
  const published = await request.put(`/api/articles/${article.id}`, {
    headers: { authorization: await apiToken(request, "editor") },
    data: { status: "published" },
  });
  expect(published.ok()).toBe(true);

  await page.reload();
  await expect(bell).toHaveAccessibleName("Notifications (1 new)");
  await bell.click();
  await page.getByRole("menuitem", { name: new RegExp(`Published: ${article.title}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/article/${article.slug}$`));
  await expect(bell).toHaveAccessibleName("Notifications");
});
