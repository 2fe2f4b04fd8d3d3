import { expect } from "@playwright/test";
import { login, test } from "./fixtures";

/**
 * The AI Generator tab against the local Ollama stand-in (fake-ollama.ts): a quick topic,
 * streamed progress, sources and the figure check, then 'Save as Draft & Edit' into the editor.
 */
test("an author generates a grounded draft, checks it and lands in the editor", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await login(page, "author");
  await page.goto("/dashboard/articles");
  await page.getByRole("tab", { name: "AI Generator" }).click();
  await expect(page.getByText("Ready: llama3.1 on Ollama.")).toBeVisible();

  const generate = page.getByRole("button", { name: "Generate Article" });
  await expect(generate).toBeDisabled();
  const quickTopic = page.getByText("Quick topics").locator("..").getByRole("button").first();
  const topicText = (await quickTopic.textContent()) ?? "";
  await quickTopic.click();
  await expect(page.getByLabel("Article topic")).toHaveValue(topicText);
  await page.getByLabel("Article topic").fill("How bitcoin mining changes after the halving");
  await page.getByLabel("Keywords").fill("mining, halving");
  await page.screenshot({ path: testInfo.outputPath("ai-generator-1440.png"), fullPage: true });

  await generate.click();
  await expect(page.getByTestId("generation-progress")).toContainText(/Writing section \d of 4/);
  const preview = page.getByTestId("generated-preview");
  await expect(preview).toBeVisible({ timeout: 30_000 });
  await expect(preview.getByRole("heading", { name: /Bitcoin Halving Explained/ })).toBeVisible();
  await expect(page.getByTestId("generated-content")).not.toContainText("Section 5");
  await expect(page.getByTestId("generation-sources").getByRole("link").first()).toBeVisible();
  await expect(page.getByTestId("figure-checks")).toContainText("Check this figure: $123,456");
  await expect(preview.getByTestId("seo-score")).toBeVisible();
  await expect(page.getByRole("table", { name: "Generation log" })).toContainText("Written");
  await page.screenshot({
    path: testInfo.outputPath("ai-generator-preview-1440.png"),
    fullPage: true,
  });

  await page.getByRole("button", { name: "Save as Draft & Edit" }).click();
  await expect(page.getByText("Please select a category before saving")).toBeVisible();
  await preview.getByLabel("Category").click();
  await page.getByRole("option").first().click();
  await page.getByRole("button", { name: "Save as Draft & Edit" }).click();
  await expect(page.getByText("Article generated and saved!")).toBeVisible();
  await page.waitForURL(/\/dashboard\/articles\/\d+\/edit$/);
  await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(
    /Bitcoin Halving Explained/,
  );
});

test("a generation can be cancelled, and the tab fits a phone", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, "editor");
  await page.goto("/dashboard/articles");
  await page.getByRole("tab", { name: "AI Generator" }).click();
  await page.getByLabel("Article topic").fill("Ethereum staking yields this month");
  await page.getByRole("button", { name: "Generate Article" }).click();
  await expect(page.getByTestId("generation-progress")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText("Generation cancelled. Nothing was saved.")).toBeVisible();
  await expect(page.getByTestId("generated-preview")).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath("ai-generator-390.png"), fullPage: true });
});
