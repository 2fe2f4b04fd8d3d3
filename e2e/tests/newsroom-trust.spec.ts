import { expect, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { linkIn, login, mailsTo, seriousViolations, signUp, test } from "./fixtures";

/**
 * Issue 31: sessions that can be ended, two-factor sign-in; issue 33's "Forgot password?"
 * (decisions 200-202).
 */

async function shoot(page: Page, name: string, outputPath: (name: string) => string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("a reader resets a forgotten password from the mailed link, once", async ({
  page,
  request,
}, testInfo) => {
  const email = `forgot-${Date.now()}@example.com`;
  await signUp(page, request, {
    firstName: "Fay",
    lastName: "Gotten",
    email,
    password: "first-password",
  });
  await page.evaluate(() => window.localStorage.clear());

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill("not an address");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toHaveText(/If an account uses this address/);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, "forgot-password", (name) => testInfo.outputPath(name));

  // The mail after the sign-up check.
  const [, mail] = await mailsTo(request, email, 2);
  const link = linkIn(mail, "/reset-password");
  await page.goto(link);
  await page.getByLabel(/^New password/).fill("second-password");
  await page.getByLabel("Confirm new password").fill("second-passwort");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, "reset-password", (name) => testInfo.outputPath(name));
  await page.getByLabel("Confirm new password").fill("second-password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("status")).toHaveText(/Your password has been changed/);

  // The link works once.
  await page.goto(link);
  await page.getByLabel(/^New password/).fill("third-password");
  await page.getByLabel("Confirm new password").fill("third-password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("alert")).toHaveText(/used already/);
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();

  // A link cut short says so.
  await page.goto("/reset-password");
  await page.getByLabel(/^New password/).fill("third-password");
  await page.getByLabel("Confirm new password").fill("third-password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("alert")).toHaveText(/reset link is incomplete/);

  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("second-password");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByTestId("role-chip")).toHaveText("USER");
});

test("an editor signs another device out from the profile; that device is sent to login", async ({
  page,
  browser,
}, testInfo) => {
  const phone = await browser.newContext({
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  });
  const phonePage = await phone.newPage();
  await login(phonePage, "editor");
  await login(page, "editor");

  await page.goto("/dashboard/profile");
  const list = page.getByRole("list", { name: "Signed-in sessions" });
  await expect(list.getByText("This device")).toBeVisible();
  await expect(list.getByText("Safari on iOS").first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("heading", { name: "Where you are signed in" }).scrollIntoViewIfNeeded();
  await shoot(page, "profile-sessions", (name) => testInfo.outputPath(name));

  await page.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(page.getByText(/Signed out of \d+ other session/)).toBeVisible();
  await expect(list.getByText("Safari on iOS")).toHaveCount(0);

  // The phone's next call to the API is refused, and it lands on the login page.
  await phonePage.goto("/dashboard/profile");
  await expect(phonePage).toHaveURL(/\/login/);
  await phone.close();
});

test("a reader turns on two-factor with the QR's key and signs in with a code", async ({
  page,
  request,
}, testInfo) => {
  const email = `two-factor-${Date.now()}@example.com`;
  await signUp(page, request, {
    firstName: "Otto",
    lastName: "Pass",
    email,
    password: "two-factor-pass",
  });

  await page.goto("/profile");
  await page.getByRole("button", { name: "Set up two-factor" }).click();
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  const key = ((await page.getByLabel("Set-up key").textContent()) ?? "").replace(/\s/g, "");
  const totp = new TOTP({ secret: Secret.fromBase32(key) });
  // A code of another secret is refused with a sentence.
  const other = new TOTP({ secret: new Secret({ size: 20 }) });
  await page.getByLabel("Confirmation code").fill(other.generate());
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(page.getByText(/does not match the QR code/)).toBeVisible();
  await page.getByRole("heading", { name: "Two-factor sign-in" }).scrollIntoViewIfNeeded();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, "profile-two-factor-setup", (name) => testInfo.outputPath(name));

  await page.getByLabel("Confirmation code").fill(totp.generate());
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, "profile-two-factor-recovery-codes", (name) => testInfo.outputPath(name));
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByText(/Two-factor sign-in is on since/)).toBeVisible();
  await expect(page.getByText(/10 recovery codes left/)).toBeVisible();
  await shoot(page, "profile-two-factor-on", (name) => testInfo.outputPath(name));

  // Sign out, then in: the password, then the code step.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("two-factor-pass");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toHaveText(/not correct|expired/);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, "login-code-step", (name) => testInfo.outputPath(name));
  // The confirmation code's time-step is used: the next one signs in.
  await page
    .getByLabel("Authentication code")
    .fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("role-chip")).toHaveText("USER");
});

test("an admin finds the switch that requires two-factor of all staff", async ({
  page,
}, testInfo) => {
  await login(page, "admin");
  await page.goto("/dashboard/site-settings");
  const toggle = page.getByLabel("Require two-factor for all staff");
  await expect(toggle).not.toBeChecked();
  await toggle.scrollIntoViewIfNeeded();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, "site-settings-security", (name) => testInfo.outputPath(name));
});

test("an admin reads the audit log and an article's activity beside its revisions", async ({
  page,
  request,
}, testInfo) => {
  await login(page, "admin");
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const headers = { authorization: `Bearer ${token}` };
  const list = await request.get("/api/admin/articles?limit=1&status=published", { headers });
  const [article] = (await list.json()).articles as Array<{ id: number; isFeatured: boolean }>;
  // Two audited changes: featured, then back.
  for (const isFeatured of [!article.isFeatured, article.isFeatured]) {
    const saved = await request.put(`/api/articles/${article.id}`, {
      headers,
      data: { isFeatured },
    });
    expect(saved.ok()).toBe(true);
  }

  await page.goto("/dashboard/audit-log");
  await expect(page.getByRole("heading", { name: "Audit Log" })).toBeVisible();
  const rows = page.getByRole("table", { name: "Audit log entries" }).getByRole("row");
  await expect(
    rows.filter({ hasText: /Featured an article|Unfeatured an article/ }).first(),
  ).toBeVisible();
  await page.getByLabel("Action", { exact: true }).click();
  await page.getByRole("option", { name: "Featured an article", exact: true }).click();
  // The menu fades out after the choice: axe read its half-transparent items as low contrast.
  await expect(page.locator("li[data-value]")).toHaveCount(0);
  await expect(rows.filter({ hasText: "Unfeatured an article" })).toHaveCount(0);
  await expect(rows.filter({ hasText: "Featured an article" }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, "audit-log", (name) => testInfo.outputPath(name));

  await page.goto(`/dashboard/articles/${article.id}/edit`);
  await page.getByRole("button", { name: "Revision History" }).click();
  const activity = page.getByRole("list", { name: "Article activity" });
  await expect(activity.getByText(/featured an article/i).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, "article-activity", (name) => testInfo.outputPath(name));
});
