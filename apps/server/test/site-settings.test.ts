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
