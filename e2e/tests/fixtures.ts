import { type APIRequestContext, expect, type Page } from "@playwright/test";

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

/** The SMTP capture server of playwright.config.ts lists what it took on this port. */
export const capturedMailsUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT) + 5}/mails`;

export interface CapturedMail {
  subject: string;
  text: string;
}

/** Waits until the capture server holds `count` mails to the address, and returns them. */
export async function mailsTo(
  request: APIRequestContext,
  address: string,
  count = 1,
): Promise<CapturedMail[]> {
  let mails: CapturedMail[] = [];
  await expect
    .poll(async () => {
      mails = await (
        await request.get(`${capturedMailsUrl}?to=${encodeURIComponent(address)}`)
      ).json();
      return mails.length;
    })
    .toBe(count);
  return mails;
}

/** The first link of a mail's text whose path starts with `path` (a confirmation link, say). */
export function linkIn(mail: CapturedMail | undefined, path: string): string {
  const link = (mail?.text ?? "")
    .match(/https?:\/\/[^\s"<>]+/g)
    ?.find((candidate) => new URL(candidate).pathname.startsWith(path));
  expect(link, `a link to ${path} in the mail`).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}
