import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, loginAs } from "./helpers";

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe("site settings", () => {
  it("answers the default hero mode before anyone saved one", async () => {
    const response = await app.inject({ method: "GET", url: "/api/site-settings" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { heroDisplayMode: "hero", updatedAt: null, updatedBy: null },
    });
  });

  it("saves the mode with the time and the admin who changed it", async () => {
    const admin = await loginAs(app, "admin");
    const before = Date.now();
    const response = await app.inject({
      method: "PUT",
      url: "/api/site-settings",
      headers: admin,
      payload: { heroDisplayMode: "carousel" },
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.heroDisplayMode).toBe("carousel");
    expect(Date.parse(data.updatedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(data.updatedBy).toEqual({
      id: expect.any(Number),
      firstName: "Ada",
      lastName: expect.any(String),
    });
    const read = await app.inject({ method: "GET", url: "/api/site-settings" });
    expect(read.json().data).toEqual(data);
  });

  it("is followed by the public home at once: the cached setting is dropped on save", async () => {
    const admin = await loginAs(app, "admin");
    const put = (heroDisplayMode: string) =>
      app.inject({
        method: "PUT",
        url: "/api/site-settings",
        headers: admin,
        payload: { heroDisplayMode },
      });
    await put("hero");
    // Read once so the public side has it cached.
    expect(await app.services.publicSettings.heroDisplayMode()).toBe("hero");
    await put("carousel");
    expect(await app.services.publicSettings.heroDisplayMode()).toBe("carousel");
  });

  it("refuses another mode with a clear message", async () => {
    const admin = await loginAs(app, "admin");
    const response = await app.inject({
      method: "PUT",
      url: "/api/site-settings",
      headers: admin,
      payload: { heroDisplayMode: "grid" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      heroDisplayMode: "Homepage display mode must be hero, carousel or landing",
    });
  });
});

describe("contact details (decision 135)", () => {
  const address = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

  it("start unset: no contribution box and no e-mail on the public pages", async () => {
    expect(await app.services.publicSettings.contactDetails()).toEqual({
      bitcoinAddress: null,
      contactEmail: null,
      socialLinks: [],
    });
    const admin = await loginAs(app, "admin");
    const read = await app.inject({
      method: "GET",
      url: "/api/site-settings/contact-details",
      headers: admin,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ bitcoinAddress: null, contactEmail: null });
  });

  it("are for admins only", async () => {
    const editor = await loginAs(app, "editor");
    for (const method of ["GET", "PUT"] as const) {
      const response = await app.inject({
        method,
        url: "/api/site-settings/contact-details",
        headers: editor,
        payload: method === "PUT" ? { bitcoinAddress: address, contactEmail: "" } : undefined,
      });
      expect(response.statusCode, method).toBe(403);
    }
    const anonymous = await app.inject({
      method: "GET",
      url: "/api/site-settings/contact-details",
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("refuses a placeholder address and a malformed e-mail, field by field, and keeps what was stored", async () => {
    const admin = await loginAs(app, "admin");
    const response = await app.inject({
      method: "PUT",
      url: "/api/site-settings/contact-details",
      headers: admin,
      payload: {
        bitcoinAddress: "bc1qaurumwire0demo0address0replace0me0xyz",
        contactEmail: "desk at example",
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      bitcoinAddress: "Enter a Bitcoin address (bc1..., 1... or 3...) or leave the field empty",
      contactEmail: "Enter an e-mail address like desk@example.com or leave the field empty",
    });
    expect((await app.services.publicSettings.contactDetails()).bitcoinAddress).toBeNull();
  });

  it("saves both at once, shows them on the public side at once, and an empty field clears one", async () => {
    const admin = await loginAs(app, "admin");
    const put = (payload: { bitcoinAddress: string; contactEmail: string }) =>
      app.inject({
        method: "PUT",
        url: "/api/site-settings/contact-details",
        headers: admin,
        payload,
      });
    const saved = await put({
      bitcoinAddress: ` ${address} `,
      contactEmail: "desk@aurumwire.example",
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      bitcoinAddress: address,
      contactEmail: "desk@aurumwire.example",
      updatedBy: { firstName: "Ada" },
    });
    expect(await app.services.publicSettings.contactDetails()).toEqual({
      bitcoinAddress: address,
      contactEmail: "desk@aurumwire.example",
      socialLinks: [],
    });
    await put({ bitcoinAddress: "", contactEmail: "desk@aurumwire.example" });
    expect((await app.services.publicSettings.contactDetails()).bitcoinAddress).toBeNull();
  });

  it("keeps the site's social profiles (the Organization's sameAs), refuses an address that is not https, and keeps them when an update leaves them out", async () => {
    const admin = await loginAs(app, "admin");
    const put = (payload: Record<string, unknown>) =>
      app.inject({
        method: "PUT",
        url: "/api/site-settings/contact-details",
        headers: admin,
        payload,
      });
    const links = ["https://x.com/aurumwire", "https://t.me/aurumwire"];
    const saved = await put({
      bitcoinAddress: "",
      contactEmail: "",
      socialLinks: [` ${links[0]} `, "", links[1], links[0]],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.socialLinks).toEqual(links);
    expect((await app.services.publicSettings.contactDetails()).socialLinks).toEqual(links);

    const refused = await put({
      bitcoinAddress: "",
      contactEmail: "",
      socialLinks: ["x.com/aurumwire", "javascript:alert(1)"],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      socialLinks: "Enter each social profile as a whole https:// address, one per line",
    });

    expect(
      (await put({ bitcoinAddress: "", contactEmail: "desk@aurumwire.example" })).statusCode,
    ).toBe(200);
    expect((await app.services.publicSettings.contactDetails()).socialLinks).toEqual(links);
    await put({ bitcoinAddress: "", contactEmail: "", socialLinks: [] });
    expect((await app.services.publicSettings.contactDetails()).socialLinks).toEqual([]);
  });
});
