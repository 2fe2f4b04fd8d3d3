import { expect, test } from "@playwright/test";

// The SMTP capture server of playwright.config.ts lists what it took on this port.
const mailListUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT) + 5}/mails`;

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

  let mails: Array<{ subject: string; text: string }> = [];
  await expect
    .poll(async () => {
      mails = await (await request.get(`${mailListUrl}?to=${encodeURIComponent(email)}`)).json();
      return mails.length;
    })
    .toBe(1);
  const link = /https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?token=[^\s"<>]+/.exec(
    mails[0]?.text ?? "",
  )?.[0];
  expect(link).toBeTruthy();

  // The reader opens the link in another tab, then comes back to the profile.
  const mailTab = await context.newPage();
  const url = new URL(link!);
  await mailTab.goto(`${url.pathname}${url.search}`);
  await expect(mailTab.getByRole("heading", { name: "E-mail address confirmed" })).toBeVisible();
  await mailTab.close();
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(notice).toHaveCount(0);
});
