import { expect, type Page } from "@playwright/test";
import { login, test } from "./fixtures";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

async function logout(page: Page) {
  await page.evaluate(() => {
    localStorage.removeItem("token");
    localStorage.removeItem("user");
  });
}

test("an admin creates an author, who can then log in", async ({ page }) => {
  await login(page, "admin");
  await page.goto("/dashboard/users");
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
  // The list is newest first, ten to a page, and other tests add readers before this one runs:
  // find the admin through the screen's search rather than on page 1.
  await page.getByRole("textbox", { name: "Search users" }).fill("admin@aurumwire");
  await page.getByRole("textbox", { name: "Search users" }).press("Enter");
  await expect(page.getByRole("cell", { name: "admin@aurumwire.test" })).toBeVisible();
  await page.getByRole("textbox", { name: "Search users" }).fill("");
  await page.getByRole("textbox", { name: "Search users" }).press("Enter");

  await page.getByRole("button", { name: "Add User" }).click();
  const dialog = page.getByRole("dialog", { name: "Create User" });
  // The spec's validation: email and password required, password at least 6 characters.
  await dialog.getByLabel("Email").fill("nia.okafor@example.com");
  await dialog.getByLabel("Password").fill("12345");
  await dialog.getByRole("button", { name: "Create User" }).click();
  await expect(dialog.getByText("Password must be at least 6 characters")).toBeVisible();
  await dialog.getByLabel("Password").fill("newsroom42");
  await dialog.getByLabel("First name").fill("Nia");
  await dialog.getByLabel("Last name").fill("Okafor");
  await dialog.getByRole("button", { name: "Create User" }).click();

  await expect(page.getByText("User created successfully")).toBeVisible();
  const row = page.getByRole("row", { name: /nia\.okafor@example\.com/ });
  await expect(row).toContainText("Nia Okafor");
  await expect(row).toContainText("Author");
  await expect(row).toContainText("Active");

  await logout(page);
  await page.goto("/login");
  await page.getByLabel("Email").fill("nia.okafor@example.com");
  await page.getByLabel("Password").fill("newsroom42");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByTestId("role-chip")).toHaveText("AUTHOR");
});

test("an admin generates a key, copies it, and a request with it lists articles", async ({
  page,
  request,
}) => {
  await login(page, "admin");
  await page.goto("/dashboard/api-keys");
  await expect(page.getByRole("heading", { name: "API Key Management" })).toBeVisible();

  await page.getByRole("button", { name: "Generate New Key" }).click();
  const generate = page.getByRole("dialog", { name: "Generate API Key" });
  await generate.getByLabel("Name").fill("Partner feed");
  // Spec default selection: articles:create and articles:read.
  await expect(generate.getByRole("checkbox", { name: /articles:create/ })).toBeChecked();
  await expect(generate.getByRole("checkbox", { name: /articles:read/ })).toBeChecked();
  await expect(generate.getByRole("checkbox", { name: /articles:delete/ })).not.toBeChecked();
  await generate.getByRole("button", { name: "Generate Key" }).click();

  const reveal = page.getByRole("dialog", { name: "Your New API Key" });
  await expect(reveal.getByText("it will not be shown again")).toBeVisible();
  await reveal.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByText("API key copied to clipboard")).toBeVisible();
  const key = await page.evaluate(() => navigator.clipboard.readText());
  expect(key).toMatch(/^aw_[A-Za-z0-9_-]{32}$/);
  await expect(reveal.getByRole("textbox", { name: "API key" })).toHaveValue(key);
  await reveal.getByRole("button", { name: "Done" }).click();

  const row = page.getByRole("row", { name: /Partner feed/ });
  await expect(row).toContainText(`${key.slice(0, 11)}…`);
  await expect(row).toContainText("active");
  // The secret is gone from the page once the reveal closes.
  await expect(page.getByText(key)).toHaveCount(0);

  const response = await request.get("/public/articles", { headers: { "X-API-Key": key } });
  expect(response.status()).toBe(200);
  expect(response.headers()["ratelimit-limit"]).toBe("100");
  const body = await response.json();
  expect(Array.isArray(body.articles)).toBe(true);
  expect(body.articles.length).toBeGreaterThan(0);
  expect(body.pagination.total).toBeGreaterThan(0);
});

test("an author reaches API Keys from the header menu and manages their own keys", async ({
  page,
}) => {
  await login(page, "author");
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "API Keys" }).click();
  await expect(page).toHaveURL(/\/dashboard\/api-keys$/);
  await expect(page.getByRole("heading", { name: "API Key Management" })).toBeVisible();
  await expect(page.getByText("Your keys for the public content API.")).toBeVisible();
  // Decision 050: the side menu keeps the spec's list (admin, editor) for API Keys.
  await expect(
    page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "API Keys" }),
  ).toHaveCount(0);

  await page.getByRole("button", { name: "Generate New Key" }).click();
  const generate = page.getByRole("dialog", { name: "Generate API Key" });
  await generate.getByLabel("Name").fill("Author drafts");
  await generate.getByRole("button", { name: "Generate Key" }).click();
  await page
    .getByRole("dialog", { name: "Your New API Key" })
    .getByRole("button", { name: "Done" })
    .click();

  const row = page.getByRole("row", { name: /Author drafts/ });
  await row.getByRole("button", { name: "More actions for Author drafts" }).click();
  await page.getByRole("menuitem", { name: "Revoke" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke API Key" });
  await expect(confirm).toContainText('Are you sure you want to revoke "Author drafts"?');
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("API key revoked successfully")).toBeVisible();
  await expect(row).toContainText("revoked");
  await expect(row.getByRole("button", { name: "Edit Author drafts" })).toBeDisabled();
});
