import { type APIRequestContext, expect } from "@playwright/test";
import { demoAccounts, login, test } from "./fixtures";

/** Issue 22: a reader reads an article to the end; its author's desk sees the read-through. */

async function apiToken(request: APIRequestContext, role: keyof typeof demoAccounts) {
  const response = await request.post("/api/auth/login", { data: demoAccounts[role] });
  expect(response.ok()).toBe(true);
  return `Bearer ${(await response.json()).token}`;
}

test("reading an article to the end shows as a read-through in the dashboard", async ({
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const paragraphs = Array.from(
    { length: 40 },
    (_, index) =>
      `<p>Paragraph ${index + 1}: order books thinned while traders waited for the data release.</p>`,
  ).join("");
  const authorization = await apiToken(request, "editor");
  const category = await request.post("/api/categories", {
    headers: { authorization },
    data: { name: `Analytics Desk ${stamp}`, color: "#F7931A" },
  });
  expect(category.status()).toBe(201);
  const created = await request.post("/api/articles", {
    headers: { authorization },
    data: {
      categoryId: (await category.json()).category.id,
      title: `Read to the end ${stamp}: a long market wrap`,
      excerpt:
        "A long article for the analytics test, long enough for the form's validation rules.",
      content: `${paragraphs}<p>The last paragraph of the wrap.</p>`,
      status: "published",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const article = (await created.json()).article as { id: number; slug: string };

  // A signed-in reader: counted as their account (anonymous views share the test machine's
  // address with every other spec, and an address counts only so many views an hour).
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await login(reader, "reader");
  const counted = reader.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/articles/${article.id}/view`) &&
      response.request().method() === "POST",
  );
  await reader.goto(`/article/${article.slug}`);
  const view = await (await counted).json();
  expect(view).toMatchObject({ counted: true, viewToken: expect.any(String) });
  const readThrough = reader.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/articles/${article.id}/reading`) &&
      (response.request().postData() ?? "").includes('"read-through"'),
  );
  await reader.getByText("The last paragraph of the wrap.").scrollIntoViewIfNeeded();
  expect(await (await readThrough).json()).toEqual({ counted: true });
  // Leaving the article (to the home page, inside the app) reports the visit's time on page.
  const timed = reader.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/articles/${article.id}/reading`) &&
      (response.request().postData() ?? "").includes('"time-on-page"'),
  );
  await reader.getByRole("link", { name: "Home", exact: true }).first().click();
  expect(await (await timed).json()).toEqual({ counted: true });
  await readerContext.close();

  const editorContext = await browser.newContext();
  const editor = await editorContext.newPage();
  await login(editor, "editor");
  await editor.goto(`/dashboard/articles/${article.id}/analytics`);
  await expect(editor.getByRole("heading", { name: "Article analytics" })).toBeVisible();
  // Figures are written in batches (every 10 s by default): look again until the batch is in.
  await expect(async () => {
    await editor.reload();
    await expect(editor.getByText("1 of 1 tracked views")).toBeVisible({ timeout: 10_000 });
    // One timed visit is said in the singular, not "1 visits timed" (issue 32).
    await expect(editor.getByText("1 visit timed", { exact: true })).toBeVisible({
      timeout: 10_000,
    });
  }).toPass({ timeout: 60_000 });
  await expect(editor.getByText("100%")).toBeVisible();
  await editorContext.close();
});
