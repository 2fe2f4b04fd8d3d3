import { expect, test } from "@playwright/test";

test("the home page is rendered on the server", async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain("AurumWire");
});
