import { expect, type Page } from "@playwright/test";
import { demoAccounts, login, seriousViolations, test } from "./fixtures";

/**
 * Issue 31, review before publishing (decision 265): an author submits a draft, an editor returns
 * it with a note, the author reads the note and resubmits, and the editor publishes it. Every
 * screen on the way passes axe and is photographed at 1280, 1440 and 390 px.
 */

async function shoot(page: Page, name: string, outputPath: (name: string) => string) {
  for (const width of [1280, 1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // Nothing may be wider than a phone (a long title, a long note). The page was just laid out
    // at 1440 px: the screens that switch their layout in script (the dashboard's drawer, the
    // article table's columns) take a render after the resize, so the width is waited for.
    if (width === 390) {
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(width);
    }
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function tokenOf(page: Page, role: keyof typeof demoAccounts) {
  const answer = await page.request.post("/api/auth/login", { data: demoAccounts[role] });
  expect(answer.status()).toBe(200);
  return (await answer.json()).token as string;
}

test("an author submits, an editor returns it with a note, the author resubmits, the editor publishes", async ({
  page,
  browser,
}, testInfo) => {
  // Two people, five screens, three widths each: a bound on a hang, not a duration.
  test.setTimeout(480_000);
  const out = (name: string) => testInfo.outputPath(name);
  // The author's draft, written through the API the editor uses.
  const token = await tokenOf(page, "author");
  const categories = await (await page.request.get("/api/categories")).json();
  const categoryId = (Array.isArray(categories) ? categories : categories.categories)[0].id;
  const title = `Review flow: exchange reserves fall for a third week ${Date.now()}`;
  const created = await page.request.post("/api/articles", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title,
      excerpt:
        "Bitcoin held on exchanges fell again this week, the third weekly drop in a row, data show.",
      content: `<p>${"Exchange reserves of bitcoin fell again as holders moved coins to cold storage. ".repeat(3)}</p>`,
      categoryId,
      tags: ["bitcoin"],
      status: "draft",
    },
  });
  expect(created.status()).toBe(201);
  const article = (await created.json()).article as { id: number; slug: string };
  const editPath = `/dashboard/articles/${article.id}/edit`;

  // 1. The author submits it.
  await login(page, "author");
  await page.goto(editPath);
  const review = page.getByRole("region", { name: "Review" });
  await expect(review.getByText("When the draft is ready, submit it")).toBeVisible();
  await review.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByText("Submitted for review.")).toBeVisible();
  await expect(review.getByText("In review", { exact: true })).toBeVisible();
  await expect(review.getByRole("button", { name: /Submit for review/ })).toHaveCount(0);

  // 2. The editor finds it in the Review queue: the dashboard's count, the list, the bell.
  const editorContext = await browser.newContext();
  const editorPage = await editorContext.newPage();
  await login(editorPage, "editor");
  await editorPage.goto("/dashboard");
  const queueCard = editorPage.getByRole("region", { name: "Review queue" });
  await expect(queueCard.getByTestId("review-count")).toHaveText(
    /[1-9]\d* articles? waits? for an editor/,
  );
  expect(await seriousViolations(editorPage)).toEqual([]);
  await shoot(editorPage, "review-dashboard-editor", out);
  await queueCard.getByRole("link", { name: "Open the Review queue" }).click();
  await expect(editorPage).toHaveURL(/\/dashboard\/articles\?status=review/);
  const row = editorPage.getByRole("row", { name: new RegExp(title) });
  await expect(row.getByText("In review", { exact: true })).toBeVisible();
  expect(await seriousViolations(editorPage)).toEqual([]);
  await shoot(editorPage, "review-queue-list", out);
  // The bell is in the site's header.
  await editorPage.goto("/");
  await editorPage.getByRole("button", { name: /notifications/i }).click();
  await expect(
    editorPage.getByRole("menuitem", { name: new RegExp(`Review requested: ${title}`) }),
  ).toBeVisible();
  await editorPage.keyboard.press("Escape");

  // 3. The editor returns it with a note.
  await editorPage.goto(editPath);
  const editorReview = editorPage.getByRole("region", { name: "Review" });
  await editorReview.getByRole("button", { name: "Return with note" }).click();
  const dialog = editorPage.getByRole("dialog", { name: "Return with a note" });
  await dialog.getByRole("button", { name: "Return to author" }).click();
  await expect(dialog.getByText("Please write a note for the author")).toBeVisible();
  const note = "Please name the source of the reserve figures and add last month's number.";
  await dialog.getByLabel("Note for the author").fill(note);
  expect(await seriousViolations(editorPage)).toEqual([]);
  await shoot(editorPage, "review-return-dialog", out);
  await dialog.getByRole("button", { name: "Return to author" }).click();
  await expect(dialog).toBeHidden();
  await expect(editorReview.getByText("Changes requested", { exact: true })).toBeVisible();

  // 4. The author reads the note in the editor and in the bell, and resubmits.
  await page.goto(editPath);
  await expect(review.getByTestId("review-note")).toContainText(note);
  await expect(review.getByTestId("review-note")).toContainText("Changes requested by");
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, "review-editor-note-author", out);
  await page.goto("/");
  await page.getByRole("button", { name: /notifications/i }).click();
  await expect(
    page.getByRole("menuitem", { name: new RegExp(`Changes requested: ${title}`) }),
  ).toBeVisible();
  await page.keyboard.press("Escape");
  await page.goto("/dashboard/articles?status=changes_requested");
  await expect(
    page.getByRole("row", { name: new RegExp(title) }).getByText("Changes requested"),
  ).toBeVisible();
  await page.goto(editPath);
  await review.getByRole("button", { name: "Resubmit for review" }).click();
  await expect(review.getByText("In review", { exact: true })).toBeVisible();
  // Authors still cannot publish.
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeDisabled();

  // 5. The editor publishes it; it leaves the queue and readers see it.
  await editorPage.goto(editPath);
  await expect(editorPage.getByRole("region", { name: "Review" })).toContainText(note);
  await editorPage.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(editorPage).toHaveURL(/\/dashboard\/articles$/);
  await editorPage.goto("/dashboard/articles?status=review");
  await expect(editorPage.getByRole("row", { name: new RegExp(title) })).toHaveCount(0);
  const publicPage = await page.request.get(`/api/articles/${article.slug}`);
  expect(publicPage.status()).toBe(200);
  await editorContext.close();
});

test("the profile of an account with a long e-mail fits a 390 px phone", async ({
  page,
}, testInfo) => {
  const email = `a-very-long-mailbox-name-for-the-newsroom-${Date.now()}@correspondents.example.com`;
  const token = await tokenOf(page, "admin");
  const created = await page.request.post("/api/users", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      email,
      password: "LongMail#2024",
      firstName: "Maximiliana",
      lastName: "Longaddress-Correspondent",
      role: "author",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("LongMail#2024");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByTestId("role-chip")).toHaveText("AUTHOR");
  await page.goto("/profile");
  await expect(page.getByText(email).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, "profile-long-email", (name) => testInfo.outputPath(name));
});
