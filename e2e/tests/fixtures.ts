import AxeBuilder from "@axe-core/playwright";
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Page,
} from "@playwright/test";

/**
 * Waits, after a page load, until the page is interactive. A reading page (the home, an article,
 * the lists, /markets, /landing ...) starts its scripts only after its content has painted
 * (decision 150): its `load` event can come before React has hydrated it, and a press before that
 * would be lost. Other pages, and responses that are not our pages, pass at once.
 */
async function untilInteractive(page: Page) {
  await page.waitForFunction(
    () =>
      !document.getElementById("aw-scripts") ||
      document.documentElement.hasAttribute("data-hydrated"),
  );
}

const watchedPages = new WeakSet<Page>();
const watchedContexts = new WeakSet<BrowserContext>();

/** Makes `goto` and `reload` of the page return once the page is interactive. */
function watchPage(page: Page) {
  if (watchedPages.has(page)) return;
  watchedPages.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await untilInteractive(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await untilInteractive(page);
    return response;
  };
}

function watchContext(context: BrowserContext) {
  if (watchedContexts.has(context)) return;
  watchedContexts.add(context);
  for (const page of context.pages()) watchPage(page);
  context.on("page", watchPage);
}

/**
 * Playwright's `test` with every page watched (`untilInteractive`): the pages of the test's own
 * context and of any context a test opens itself. Every spec imports `test` from here.
 */
export const test = base.extend({
  // Each worker has an app server of its own (playwright.config.ts): 20 ports apart, by the
  // worker's parallelIndex. A spec that runs its own server sets baseURL with test.use.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
  baseURL: async ({}, use, testInfo) => {
    await use(`http://127.0.0.1:${Number(process.env.E2E_PORT) + testInfo.parallelIndex * 20}`);
  },
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const context = await newContext(...args);
        watchContext(context);
        return context;
      };
      await use(browser);
    },
    { scope: "worker" },
  ],
  // The test's page opens in this context, after it is watched.
  context: async ({ context }, use) => {
    watchContext(context);
    await use(context);
  },
});

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

interface NewAccount {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** Fills and sends the /register form. */
export async function submitSignUp(page: Page, account: NewAccount) {
  await page.goto("/register");
  await page.getByLabel("First name").fill(account.firstName);
  await page.getByLabel("Last name").fill(account.lastName);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Register" }).click();
}

/**
 * A new reader signs up on /register, opens the link of the mail that sent (the account is made
 * then, decision 276) and signs in through the login form.
 */
export async function signUp(page: Page, request: APIRequestContext, account: NewAccount) {
  await submitSignUp(page, account);
  await expect(page.getByTestId("sign-up-notice")).toContainText(
    `We sent a mail to ${account.email} with the next step`,
  );
  const [mail] = await mailsTo(request, account.email);
  await page.goto(linkIn(mail, "/api/auth/complete-sign-up"));
  await expect(page.getByRole("heading", { name: "Your account is ready" })).toBeVisible();
  await page.getByRole("link", { name: "Sign in" }).click();
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByTestId("role-chip")).toHaveText("USER");
}

/** What axe finds serious or critical on the page as it is now, one line per rule. */
export async function seriousViolations(page: Page) {
  // Colours are read as they are painted: a button that has just turned enabled is still fading
  // in (MUI's 250 ms transitions) and axe would read a contrast half-way. Finite animations and
  // transitions end first; endless ones (none under reduced motion) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) =>
          Number.isFinite(
            animation.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY,
          ),
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Only the violations are wanted, and our pages hold no cross-origin frame: axe's default
  // (results of every kind for every node, and a second blank page opened to merge the frames'
  // results) cost twice the renderer time and sent every passing node's HTML to the test runner;
  // a suite that runs axe 65 times on a 2-core machine paid minutes for it (issue 33).
  const result = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .setLegacyMode(true)
    .analyze();
  return result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}
