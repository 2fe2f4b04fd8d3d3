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
