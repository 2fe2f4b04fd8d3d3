import { expect } from "@playwright/test";
import { linkIn, mailsTo, test } from "./fixtures";

test("a new reader confirms the address from the mail and the profile drops its notice", async ({
  page,
  context,
  request,
}) => {
  const email = `confirm-${Date.now()}@example.com`;
  await page.goto("/register");
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Reader");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("ada-password");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByTestId("role-chip")).toHaveText("USER");
  // The home page says where the confirmation went (issue 32).
  await expect(page).toHaveURL(/\/$/);
  const signUpNotice = page.getByRole("status").filter({ hasText: "confirmation link" });
  await expect(signUpNotice).toHaveText(new RegExp(`We sent a confirmation link to ${email}`));
  await signUpNotice.getByRole("button", { name: "Close" }).click();
  await expect(signUpNotice).toHaveCount(0);

  await page.goto("/profile");
  const notice = page.getByText(/Please confirm your e-mail address/);
  await expect(notice).toBeVisible();

  const [mail] = await mailsTo(request, email);

  // The reader opens the link in another tab, then comes back to the profile.
  const mailTab = await context.newPage();
  await mailTab.goto(linkIn(mail, "/api/auth/verify-email"));
  await expect(mailTab.getByRole("heading", { name: "E-mail address confirmed" })).toBeVisible();
  await mailTab.close();
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(notice).toHaveCount(0);
});

test("on a phone the sign-up notice fits the screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `phone-${Date.now()}@example.com`;
  await page.goto("/register");
  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel("Last name").fill("Reader");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("grace-password");
  await page.getByRole("button", { name: "Register" }).click();
  const notice = page.getByTestId("sign-up-notice");
  await expect(notice).toContainText(email);
  const box = await notice.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(box!.y + box!.height).toBeLessThanOrEqual(844);
});
