import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { capturedMailsUrl, demoAccounts, linkIn, login, mailsTo, test } from "./fixtures";

/** The section types of /landing in page order. */
async function landingOrder(page: Page): Promise<string[]> {
  await page.goto("/landing");
  return page
    .locator("[data-section-type]")
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-section-type") ?? ""));
}

test("reordering sections by drag in the manager changes /landing", async ({ page }) => {
  const before = await landingOrder(page);
  expect(before.slice(0, 2)).toEqual(["hero", "featured_articles"]);

  await login(page, "admin");
  await page.goto("/dashboard/landing-page");
  const rows = page.getByTestId("sortable-row");
  await expect(rows).toHaveCount(before.length);
  const firstTitle = (await rows.nth(0).getByTestId("section-title").textContent()) ?? "";
  // Drag the first section's handle below the second with the mouse.
  const handle = rows.nth(0).getByRole("button", { name: /^Drag to reorder/ });
  const target = rows.nth(1);
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height * 0.9, { steps: 12 });
  await page.mouse.up();
  await expect(page.getByText("Section order saved")).toBeVisible();
  await expect(rows.nth(1).getByTestId("section-title")).toHaveText(firstTitle);

  const after = await landingOrder(page);
  expect(after.slice(0, 2)).toEqual(["featured_articles", "hero"]);

  // And back with the keyboard: Space picks the handle up, ArrowUp moves, Space drops.
  await page.goto("/dashboard/landing-page");
  const moved = page
    .getByTestId("sortable-row")
    .nth(1)
    .getByRole("button", { name: /^Drag to reorder/ });
  await moved.focus();
  // Each key waits for the list's own announcement of the step before: keys pressed before the
  // sensor has picked the item up (or measured the move) would be lost on a busy machine.
  // (Picked up, the item is at once over its own place, the 2nd.)
  await page.keyboard.press("Space");
  await expect(page.getByText(/ is over position 2\.$/)).toBeAttached();
  // The sensor listens for the arrow keys only a moment after it announced the pick-up: press
  // again until the move is announced (more presses at the top stay at position 1).
  await expect(async () => {
    await page.keyboard.press("ArrowUp");
    await expect(page.getByText(/ is over position 1\.$/)).toBeAttached({ timeout: 10_000 });
  }).toPass();
  await page.keyboard.press("Space");
  await expect(page.getByText("Section order saved")).toBeVisible();
  expect((await landingOrder(page)).slice(0, 2)).toEqual(["hero", "featured_articles"]);
});

test("an inactive section is not rendered on /landing", async ({ page }) => {
  await login(page, "editor");
  await page.goto("/dashboard/landing-page");
  const toggle = page.getByRole("switch", { name: /Market Analysis active/ });
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  expect(await landingOrder(page)).not.toContain("market_analytics");
  await page.goto("/dashboard/landing-page");
  await page.getByRole("switch", { name: /Market Analysis active/ }).click();
  await expect(page.getByRole("switch", { name: /Market Analysis active/ })).toBeChecked();
  expect(await landingOrder(page)).toContain("market_analytics");
});

test("Preview Changes shows unsaved texts inside the manager, under the manager's own heading", async ({
  page,
}) => {
  await login(page, "editor");
  await page.goto("/dashboard/landing-page");
  await page.getByRole("tab", { name: "Landing Page Editor" }).click();
  const title = `Unsaved banner ${Date.now()}`;
  await page.getByLabel("Hero title").fill(title);
  await page.getByRole("button", { name: "Preview Changes" }).click();
  const preview = page.getByTestId("landing-preview");
  await expect(preview.getByRole("heading", { level: 2, name: title })).toBeVisible();
  // The dashboard keeps one h1 and one main: the preview brings no landmarks of its own.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(["Landing Page Manager"]);
  await expect(page.getByRole("main")).toHaveCount(1);
  await expect(preview.locator("header, main, footer")).toHaveCount(0);
  // Nothing was saved.
  await page.goto("/landing");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(title);
});

test("Site Settings' 'Landing Page' choice serves the landing layout at /", async ({ page }) => {
  await login(page, "admin");
  await page.goto("/dashboard/site-settings");
  await page.getByRole("radio", { name: "Landing Page" }).check();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Site settings saved successfully!")).toBeVisible();
  try {
    await page.goto("/");
    await expect(page.locator("[data-section-type='hero']")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Premium Crypto Intelligence");
    await expect(page.getByRole("navigation", { name: "Resources" })).toBeVisible();
    // Its own header and footer only: the standard ones are not rendered around it.
    await expect(page.locator("footer")).toHaveCount(1);
    // Still the home page to search engines and feed readers: Organization, WebSite and the feed.
    const types = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (block) => JSON.parse(block)["@type"],
    );
    expect(types).toEqual(expect.arrayContaining(["Organization", "WebSite"]));
    await expect(
      page.locator('head link[rel="alternate"][type="application/rss+xml"]'),
    ).toHaveAttribute("href", /\/rss\.xml$/);
  } finally {
    await page.goto("/dashboard/site-settings");
    await page.getByRole("radio", { name: "Hero Article" }).check();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Site settings saved successfully!")).toBeVisible();
  }
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Top story" })).toBeVisible();
});

test("subscribe on /landing and confirm from the captured e-mail", async ({ page, request }) => {
  const email = `reader-${Date.now()}@example.com`;
  await page.goto("/landing");
  const box = page.getByRole("region", { name: "Daily Newsletter" });
  await box.getByLabel("Email address").fill(email);
  await box.getByRole("button", { name: "Subscribe Free" }).click();
  await expect(box.getByRole("status")).toHaveText(/check your inbox for a link to confirm/);

  const mails = await mailsTo(request, email);
  expect(mails[0]?.subject).toMatch(/Confirm your subscription/);
  await page.goto(linkIn(mails[0], "/api/newsletter/confirm"));
  await expect(page.getByRole("heading", { name: "Subscription confirmed" })).toBeVisible();
});

test("a contact message reaches the desk's inbox and the admins' Messages", async ({
  page,
  request,
}) => {
  const subject = `Tip ${Date.now()}`;
  await page.goto("/contact");
  await page.getByLabel("Name").fill("Ada Reader");
  await page.getByLabel("Email").fill("ada.reader@example.com");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message").fill("An exchange paused withdrawals at 09:00 UTC.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(
    page.getByText("Thank you for your message! We'll get back to you soon."),
  ).toBeVisible();
  await expect(page.getByLabel("Subject")).toHaveValue("");

  await expect
    .poll(async () => {
      const mails: Array<{ subject: string }> = await (
        await request.get(`${capturedMailsUrl}?to=desk@aurumwire.test`)
      ).json();
      return mails.some((mail) => mail.subject.includes(subject));
    })
    .toBe(true);

  await login(page, "admin");
  await page.goto("/dashboard/messages");
  const card = page.getByRole("listitem").filter({ hasText: subject });
  await expect(card.getByText("New")).toBeVisible();
  await card.getByRole("button", { name: "Read" }).click();
  await expect(card.getByTestId("message-body")).toHaveText(
    "An exchange paused withdrawals at 09:00 UTC.",
  );
  await card.getByRole("button", { name: "Archive" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: subject })).toHaveCount(0);
  await page.getByRole("tab", { name: "Archived" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: subject })).toBeVisible();
});

async function apiToken(request: APIRequestContext) {
  const response = await request.post("/api/auth/login", { data: demoAccounts.admin });
  expect(response.ok()).toBe(true);
  return `Bearer ${(await response.json()).token}`;
}

test("a 7-day custom chart: the manager adds it, and without a live feed /landing says there is no history yet", async ({
  page,
  request,
}) => {
  const noHistory = "No price history yet: it builds up once the live market feed is connected.";
  await login(page, "admin");
  await page.goto("/dashboard/landing-page");
  await page.getByRole("button", { name: "Add Section" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Section" });
  await dialog.getByLabel("Section type").click();
  await page.getByRole("option", { name: "Custom Charts" }).click();
  await dialog.getByRole("button", { name: "Add Section" }).click();
  await expect(dialog).toBeHidden();
  try {
    await page.getByRole("tab", { name: "Custom Charts" }).click();
    await page.getByLabel("Chart title").fill("A week of majors");
    await page.getByLabel("Coins").click();
    await page.getByRole("option", { name: "BTC" }).click();
    await page.getByLabel("Coins").click();
    await page.getByRole("option", { name: "ETH" }).click();
    await page.keyboard.press("Escape");
    await page.getByLabel("Period").click();
    await page.getByRole("option", { name: "7 days" }).click();
    await page.getByRole("button", { name: "Add Chart" }).click();
    await expect(page.getByText("Price (USD) · 7 days: BTC, ETH")).toBeVisible();
    // The preview composes the unsaved chart from the JSON API.
    await page.getByLabel("Preview").check();
    const preview = page.locator("[data-chart-period='7d']");
    await expect(preview.getByText(noHistory)).toBeVisible();
    await page.getByLabel("Preview").uncheck();
    await page.getByRole("button", { name: "Save Charts" }).click();
    await expect(page.getByText("Charts saved")).toBeVisible();

    await page.goto("/landing");
    const card = page.locator("[data-section-type='custom_charts'] figure").filter({
      hasText: "A week of majors",
    });
    await expect(card).toContainText("Price (USD) · 7 days");
    await expect(card.getByText(noHistory)).toBeVisible();
    await expect(card.locator("svg")).toHaveCount(0);
  } finally {
    // The other specs see the default sections.
    const authorization = await apiToken(request);
    await request.put("/api/landing-page/charts", {
      headers: { authorization },
      data: { charts: [] },
    });
    const { data } = await (await request.get("/api/landing-page/configuration")).json();
    for (const section of data.sections as Array<{ id: number; sectionType: string }>) {
      if (section.sectionType === "custom_charts") {
        await request.delete(`/api/landing-page/sections/${section.id}`, {
          headers: { authorization },
        });
      }
    }
  }
});
