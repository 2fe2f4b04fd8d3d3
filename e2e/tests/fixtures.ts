import { expect, type Page } from "@playwright/test";

export const demoAccounts = {
  admin: { email: "admin@aurumwire.test", password: "AurumAdmin#2024" },
  editor: { email: "editor@aurumwire.test", password: "AurumEditor#2024" },
  author: { email: "author@aurumwire.test", password: "AurumAuthor#2024" },
  reader: { email: "reader@aurumwire.test", password: "AurumReader#2024" },
} as const;

/** Logs a demo account in through the login form and waits for the signed-in header. */
export async function login(page: Page, role: keyof typeof demoAccounts) {
  const account = demoAccounts[role];
  await page.goto("/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByTestId("role-chip")).toHaveText(
    role === "reader" ? "USER" : role.toUpperCase(),
  );
}
