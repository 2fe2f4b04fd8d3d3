import { expect } from "@playwright/test";
import { login, test } from "./fixtures";

/**
 * AI featured images against the local stand-ins for AUTOMATIC1111 and OpenAI Images
 * (fake-images.mjs): one image from the editor's picker, then a bulk run from Articles Management
 * with its cost estimate and per-article progress.
 */
test("an editor generates a featured image from the picker", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await login(page, "editor");
  // A new article is not saved yet: generation waits for the first save (spec point 4).
  await page.goto("/dashboard/articles/create");
  await expect(
    page.getByText(
      "Please save the article first, then use the Generate AI button to create an AI image.",
    ),
  ).toBeVisible();
  await page.getByRole("button", { name: "Generate AI" }).click();
  await expect(
    page.getByText("Please save the article first before generating an AI image"),
  ).toBeVisible();

  await page.goto("/dashboard/articles");
  await page
    .getByRole("link", { name: /^Edit / })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: "Edit Article" })).toBeVisible();

  const service = page.getByLabel("Image service");
  await expect(service).toContainText("Stable Diffusion (FREE)");
  const image = page.getByRole("img", { name: "Featured" });
  const before = await image.getAttribute("src");
  await page.getByRole("button", { name: "Generate AI" }).click();
  await expect(page.getByText("New image from Stable Diffusion (FREE).")).toBeVisible();
  await expect(image).toHaveAttribute("src", /\/uploads\/articles\/.+-1200\.jpg$/);
  expect(await image.getAttribute("src")).not.toBe(before);
  // Saved by the server already: not an unsaved change of the form.
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);
  const picker = page
    .getByText("Generate an image")
    .locator("xpath=ancestor::div[contains(@class,'MuiPaper')][1]");
  await picker.screenshot({ path: testInfo.outputPath("image-picker-1440.png") });

  await service.click();
  await page.getByRole("option", { name: /DALL-E 3 \(\$0\.04 per image\)/ }).click();
  await expect(page.getByText(/DALL-E this month: \$/)).toBeVisible();

  await page.setViewportSize({ width: 390, height: 900 });
  await picker.scrollIntoViewIfNeeded();
  await picker.screenshot({ path: testInfo.outputPath("image-picker-390.png") });
});

test("an editor generates images for a selection of articles, with the cost first", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, "editor");
  await page.goto("/dashboard/articles");
  const checkboxes = page.getByRole("checkbox", { name: /^Select (?!all)/ });
  for (let index = 0; index < 4; index += 1) await checkboxes.nth(index).check();
  const toolbar = page.getByRole("toolbar", { name: "Selected rows" });
  await expect(toolbar).toContainText("4 selected");
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: testInfo.outputPath("articles-selection-1280.png") });
  await toolbar.getByRole("button", { name: "Generate images" }).click();

  const dialog = page.getByRole("dialog", { name: "Generate images" });
  await expect(dialog.getByText("Estimated cost: FREE")).toBeVisible();
  await dialog.getByLabel(/DALL-E 3/).check();
  await expect(dialog.getByText("Estimated cost: $0.16")).toBeVisible();
  await dialog.screenshot({ path: testInfo.outputPath("bulk-dialog-1440.png") });
  await dialog.getByRole("button", { name: "Generate 4 images" }).click();

  await expect(dialog.getByRole("progressbar", { name: "Batch progress" })).toBeVisible();
  await expect(dialog.getByText("Finished: 4 of 4 articles have a new image.")).toBeVisible({
    timeout: 30_000,
  });
  await expect(dialog.getByRole("list", { name: "Articles in this batch" })).toContainText("Done");
  await dialog.screenshot({ path: testInfo.outputPath("bulk-dialog-done-1440.png") });
  await dialog.getByRole("button", { name: "Close" }).click();

  // The batch can be reopened later.
  await page.getByRole("button", { name: "Image batches" }).click();
  const batches = page.getByRole("dialog", { name: "Image batches" });
  await batches.getByText(/DALL-E 3 · 4 articles · completed/).click();
  await expect(batches.getByText("Finished: 4 of 4 articles have a new image.")).toBeVisible();
  await page.setViewportSize({ width: 390, height: 900 });
  await batches.screenshot({ path: testInfo.outputPath("bulk-dialog-390.png") });
});
