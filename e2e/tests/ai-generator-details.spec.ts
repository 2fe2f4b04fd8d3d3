import { expect } from "@playwright/test";
import { demoAccounts, login, test } from "./fixtures";

/** What editors tripped on in the AI Generator tab (issue 32), against fake-ollama.ts. */
test("a chip lifts the topic label, the preview takes the focus, and a double click saves one draft", async ({
  page,
  request,
}) => {
  await login(page, "editor");
  // On a phone and on a desktop, the label sits above the text the chip put in the field, not
  // over it.
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto("/dashboard/articles");
    await page.getByRole("tab", { name: "AI Generator" }).click();
    await expect(page.getByText("Ready: llama3.1 on Ollama.")).toBeVisible();
    const quickTopic = page.getByText("Quick topics").locator("..").getByRole("button").first();
    await quickTopic.click();
    const label = page.locator("label", { hasText: "Article topic" });
    await expect(label, `at ${width} px`).toHaveAttribute("data-shrink", "true");
    await expect(page.getByLabel("Article topic")).toHaveValue(
      (await quickTopic.textContent()) ?? "",
    );
  }

  await page.getByLabel("Article topic").fill("How bitcoin mining changes after the halving");
  await page.getByRole("button", { name: "Generate Article" }).click();
  const preview = page.getByTestId("generated-preview");
  await expect(preview).toBeVisible({ timeout: 30_000 });
  // The writer is taken to the result below the form.
  await expect(preview.getByRole("heading", { name: "Preview", exact: true })).toBeFocused();
  await expect(preview.getByRole("heading", { name: "Preview", exact: true })).toBeInViewport();

  const token = (
    await (await request.post("/api/auth/login", { data: demoAccounts.editor })).json()
  ).token as string;
  const draftIds = async () => {
    const drafts = await request.get(
      `/api/admin/articles?limit=100&search=${encodeURIComponent("Bitcoin Halving Explained")}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    return ((await drafts.json()).articles as Array<{ id: number }>).map((article) => article.id);
  };
  const before = new Set(await draftIds());

  await preview.getByLabel("Category").click();
  await page.getByRole("option").first().click();
  await page.getByRole("button", { name: "Save as Draft & Edit" }).dblclick();
  await expect(page.getByText("Article generated and saved!")).toBeVisible();
  await page.waitForURL(/\/dashboard\/articles\/\d+\/edit$/);
  const made = (await draftIds()).filter((id) => !before.has(id));
  expect(made).toHaveLength(1);
  expect(page.url()).toContain(`/dashboard/articles/${made[0]}/edit`);
});

test("the category comes first: both rows of topic chips follow it as its headlines, never repeating each other", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const listed = await (await request.get("/api/categories")).json();
  const categories = (Array.isArray(listed) ? listed : listed.categories) as Array<{
    id: number;
    name: string;
  }>;
  let chosen: { id: number; name: string } | undefined;
  let headlines = new Set<string>();
  for (const category of categories) {
    const { articles } = await (
      await request.get(`/api/articles?categoryId=${category.id}&limit=100`)
    ).json();
    if (articles.length >= 6) {
      chosen = category;
      headlines = new Set((articles as Array<{ title: string }>).map((article) => article.title));
      break;
    }
  }
  expect(chosen, "a category with six stories").toBeDefined();

  await login(page, "editor");
  await page.goto("/dashboard/articles");
  await page.getByRole("tab", { name: "AI Generator" }).click();
  const form = page.locator("form", {
    has: page.getByRole("heading", { name: "AI Article Generator" }),
  });
  const chipsOf = (row: string) =>
    form.getByText(row, { exact: true }).locator("..").getByRole("button").allTextContents();
  await expect(form.getByText("Quick topics", { exact: true })).toBeVisible();
  // The category is the form's first field, above the topic.
  const categoryBox = await form.getByLabel("Category").boundingBox();
  const topicBox = await form.getByLabel("Article topic").boundingBox();
  expect(categoryBox!.y).toBeLessThan(topicBox!.y);

  await form.getByLabel("Category").click();
  await page.getByRole("option", { name: chosen!.name, exact: true }).click();
  await expect
    .poll(async () => {
      const shown = await chipsOf("Quick topics");
      return shown.length > 0 && shown.every((topic) => headlines.has(topic));
    })
    .toBe(true);
  const quick = await chipsOf("Quick topics");
  const trending = await chipsOf("Trending topics");
  expect(quick.length).toBeGreaterThan(0);
  for (const topic of [...quick, ...trending]) {
    expect(headlines.has(topic), `"${topic}" is a headline of ${chosen!.name}`).toBe(true);
  }
  expect(quick.filter((topic) => trending.includes(topic))).toEqual([]);

  // The draft is made for that category, and the preview keeps it for saving.
  await form
    .getByText("Quick topics", { exact: true })
    .locator("..")
    .getByRole("button")
    .first()
    .click();
  await page.getByRole("button", { name: "Generate Article" }).click();
  const preview = page.getByTestId("generated-preview");
  await expect(preview).toBeVisible({ timeout: 30_000 });
  await expect(preview.getByLabel("Category")).toHaveText(chosen!.name);
});
