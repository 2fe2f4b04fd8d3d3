import { expect } from "@playwright/test";
import { demoAccounts, login, test } from "./fixtures";

/** What editors tripped on in the AI Generator tab (issue 32), against fake-ollama.mjs. */
test("a chip lifts the topic label, the preview takes the focus, and a double click saves one draft", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, "editor");
  await page.goto("/dashboard/articles");
  await page.getByRole("tab", { name: "AI Generator" }).click();
  await expect(page.getByText("Ready: llama3.1 on Ollama.")).toBeVisible();

  const quickTopic = page.getByText("Quick topics").locator("..").getByRole("button").first();
  await quickTopic.click();
  // The label sits above the text the chip put in the field, not over it.
  const label = page.locator("label", { hasText: "Article topic" });
  await expect(label).toHaveAttribute("data-shrink", "true");

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
      `/api/admin/articles?limit=100&search=${encodeURIComponent("Bitcoin Mining After the Halving")}`,
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
