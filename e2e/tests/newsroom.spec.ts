import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { demoAccounts, login, test } from "./fixtures";

/** The newsroom end to end: writing, publishing, the public pages, and the role rules. */

async function apiToken(request: APIRequestContext, role: keyof typeof demoAccounts) {
  const response = await request.post("/api/auth/login", { data: demoAccounts[role] });
  expect(response.ok()).toBe(true);
  return `Bearer ${(await response.json()).token}`;
}

async function createCategory(request: APIRequestContext, name: string) {
  const response = await request.post("/api/categories", {
    headers: { authorization: await apiToken(request, "editor") },
    data: { name, color: "#F7931A" },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).category as { id: number; name: string };
}

/** A 4x2 PNG: the server re-encodes it into the 1200x600 cover. */
const tinyPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWP4PlkKjhiQOQCxog0hF9xkMAAAAABJRU5ErkJggg==",
  "base64",
);

async function chooseCategory(page: Page, name: string) {
  await page.getByRole("combobox", { name: "Category" }).click();
  await page.getByRole("option", { name }).click();
}

test("an author writes a draft in the editor, an editor publishes it, readers see it", async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const category = await createCategory(request, `Bitcoin Desk ${stamp}`);
  const title = `Bitcoin miners brace for the next halving ${stamp}`;

  await login(page, "author");
  await page.goto("/dashboard/articles/create");
  await expect(page.getByRole("heading", { name: "Create Article" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Preview" })).toBeDisabled();

  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await expect(page.getByText(`${title.length}/200`)).toBeVisible();
  await page
    .getByLabel("Excerpt")
    .fill("Hashrate is at a record and margins are thin: how miners are preparing for the cut.");
  await expect(page.getByText("Unsaved changes")).toBeVisible();

  // Formatting with the toolbar: a level-2 heading, then bold words inside a paragraph.
  const editor = page.locator(".ql-editor");
  await editor.click();
  await page.locator(".ql-toolbar .ql-header .ql-picker-label").click();
  await page.locator('.ql-toolbar .ql-header .ql-picker-item[data-value="2"]').click();
  await page.keyboard.type("Why the halving matters");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Miners earn less per block after the halving, and ");
  await page.locator(".ql-toolbar button.ql-bold").click();
  await page.keyboard.type("only the most efficient fleets");
  await page.locator(".ql-toolbar button.ql-bold").click();
  await page.keyboard.type(" will keep their margins when the reward is cut in half next spring.");
  await expect(editor.locator("h2")).toHaveText("Why the halving matters");
  await expect(editor.locator("strong")).toHaveText("only the most efficient fleets");

  await chooseCategory(page, category.name);
  const tags = page.getByRole("combobox", { name: "Tags" });
  await tags.fill("bitc");
  await page.getByRole("option", { name: "bitcoin" }).click();
  await tags.fill("Mining Economics");
  await tags.press("Enter");
  await expect(page.getByRole("button", { name: "mining economics" })).toBeVisible();

  await page.locator('input[type="file"]').setInputFiles({
    name: "cover.png",
    mimeType: "image/png",
    buffer: tinyPng,
  });
  const cover = page.getByRole("img", { name: "Featured" });
  await expect(cover).toHaveAttribute("src", /^\/uploads\/articles\/.+-1200\.jpg$/);

  await expect(page.getByTestId("seo-score")).toHaveText("40/100");
  await expect(page.getByRole("button", { name: "Preview" })).toBeEnabled();

  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByRole("heading", { name: "Article saved" })).toBeVisible();
  const articleId = Number(new URL(page.url()).pathname.split("/").pop());
  expect(articleId).toBeGreaterThan(0);
  await expect(page).toHaveURL(/\/dashboard\/articles$/);
  await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("Draft");

  const authorToken = await page.evaluate(() => localStorage.getItem("token"));
  const stored = await request.get(`/api/admin/articles/${articleId}`, {
    headers: { authorization: `Bearer ${authorToken}` },
  });
  const draft = (await stored.json()).article;
  expect(draft).toMatchObject({ title, status: "draft", publishedAt: null });
  expect(draft.content).toContain("<h2>Why the halving matters</h2>");
  expect(draft.content).toContain("<strong>only the most efficient fleets</strong>");
  expect(draft.tags).toEqual(["bitcoin", "mining economics"]);
  expect(draft.featuredImage).toMatch(/^\/uploads\/articles\//);
  expect((await request.get(draft.featuredImage)).status()).toBe(200);

  // A draft is not public; this also puts the home page into the page cache.
  expect(await (await request.get("/")).text()).not.toContain(title);

  // Authors cannot publish: the editor does.
  await page.goto(`/dashboard/articles/${articleId}/edit`);
  await expect(page.getByRole("button", { name: "Publish" })).toBeDisabled();

  await login(page, "editor");
  await page.goto(`/dashboard/articles/${articleId}/edit`);
  await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(title);
  await expect(page.locator(".ql-editor strong")).toHaveText("only the most efficient fleets");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page).toHaveURL(/\/dashboard\/articles$/);
  await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("Published");

  const published = (
    await (
      await request.get(`/api/admin/articles/${articleId}`, {
        headers: { authorization: await apiToken(request, "editor") },
      })
    ).json()
  ).article;
  expect(published.status).toBe("published");
  expect(published.publishedAt).not.toBeNull();

  // The public side follows at once (the cached home page was dropped on publish).
  const articlePage = await request.get(`/article/${published.slug}`);
  expect(articlePage.status()).toBe(200);
  const publicList = await request.get("/api/articles?limit=20");
  expect(publicList.status()).toBe(200);
  const listed = (await publicList.json()).articles as { id: number }[];
  expect(listed.map((article) => article.id)).toContain(articleId);
  const home = await request.get("/");
  expect(home.status()).toBe(200);
  expect(await home.text()).toContain(title);
  const html = await articlePage.text();
  expect(html).toContain(title);
  expect(html).toContain("only the most efficient fleets");
});

test("an author is refused the categories screen", async ({ page }) => {
  await login(page, "author");
  await page.goto("/dashboard");
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Categories" })).toHaveCount(0);
  await page.goto("/dashboard/categories");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(
    page.getByText("You need admin or editor privileges to manage categories."),
  ).toBeVisible();
  await expect(page.getByText("Your current role: author")).toBeVisible();
});

test("the management search filters by itself once typing stops", async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const category = await createCategory(request, `Search Desk ${stamp}`);
  const authorization = await apiToken(request, "editor");
  for (const word of ["Aardvark", "Zeppelin"]) {
    const response = await request.post("/api/articles", {
      headers: { authorization },
      data: {
        title: `${word} ${stamp} market wrap for traders`,
        excerpt: "A summary long enough for the shared validation rules of the article form.",
        content: `<p>${"Markets moved in a narrow range while traders waited for data. ".repeat(3)}</p>`,
        categoryId: category.id,
        status: "draft",
      },
    });
    expect(response.status()).toBe(201);
  }

  await login(page, "editor");
  await page.goto("/dashboard/articles");
  await page.getByLabel("Search articles").fill(stamp);
  // No Enter: the list follows once typing has paused.
  await expect(page.getByRole("row", { name: /market wrap for traders/ })).toHaveCount(2);
  await page.getByLabel("Search articles").fill(`Zeppelin ${stamp}`);
  await expect(page.getByRole("row", { name: /market wrap for traders/ })).toHaveCount(1);
  await expect(page.getByRole("row", { name: new RegExp(`Zeppelin ${stamp}`) })).toBeVisible();
  await expect(page.getByText("1–1 of 1")).toBeVisible();
});
