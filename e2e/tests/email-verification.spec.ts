import { expect } from "@playwright/test";
import { mailsTo, signUp, submitSignUp, test } from "./fixtures";

test("a new reader's account is made from the mailed link; a second sign-up of it looks the same", async ({
  page,
  request,
}) => {
  const email = `confirm-${Date.now()}@example.com`;
  // The home page shows the server's answer (issue 32), and the mail has the link (276).
  await signUp(page, request, {
    firstName: "Ada",
    lastName: "Reader",
    email,
    password: "ada-password",
  });
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Profile Settings" })).toBeVisible();
  await expect(page.getByText(/Please confirm your e-mail address/)).toHaveCount(0);
  await page.evaluate(() => window.localStorage.clear());

  // Someone signs up again with the address: the same notice, and its owner is told.
  await submitSignUp(page, { firstName: "Eve", lastName: "Else", email, password: "eve-password" });
  await expect(page).toHaveURL(/\/$/);
  const notice = page.getByTestId("sign-up-notice");
  await expect(notice).toHaveText(new RegExp(`We sent a mail to ${email} with the next step`));
  await notice.getByRole("button", { name: "Close" }).click();
  await expect(notice).toHaveCount(0);
  const [, told] = await mailsTo(request, email, 2);
  expect(told!.subject).toMatch(/^Someone tried to create an account with your address/);
});

test("on a phone the sign-up notice fits the screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `phone-reader-${Date.now()}@example.com`;
  await submitSignUp(page, {
    firstName: "Grace",
    lastName: "Reader",
    email,
    password: "grace-password",
  });
  const notice = page.getByTestId("sign-up-notice");
  await expect(notice).toContainText(email);
  const box = await notice.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(box!.y + box!.height).toBeLessThanOrEqual(844);
  // Close stays inside the notice's border: a long address once pushed it 10 px past it.
  const close = await notice.getByRole("button", { name: "Close" }).boundingBox();
  expect(close!.x + close!.width).toBeLessThanOrEqual(box!.x + box!.width);
});
