import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashPassword } from "../src/modules/auth/passwords";
import { buildTestApp, demo } from "./helpers";

let app: FastifyInstance;
beforeEach(async () => {
  app = await buildTestApp();
});
afterEach(async () => {
  await app?.close();
});

async function demoAdmin() {
  const user = await app.services.usersRepository.findByEmail(demo.admin.email);
  if (!user) throw new Error("demo admin missing");
  return user;
}

describe("the demo credentials on the login page", () => {
  it("are offered while the demo admin exists with its demo password", async () => {
    expect(await app.services.demoLoginHint.get()).toEqual(demo.admin);
  });

  it("disappear once the demo admin's password is changed", async () => {
    await app.services.usersRepository.update((await demoAdmin()).id, {
      passwordHash: await hashPassword("a-real-secret-now"),
    });
    app.services.demoLoginHint.forget();
    expect(await app.services.demoLoginHint.get()).toBeNull();
  });

  it("disappear once the demo admin is deactivated", async () => {
    await app.services.usersRepository.update((await demoAdmin()).id, { isActive: false });
    app.services.demoLoginHint.forget();
    expect(await app.services.demoLoginHint.get()).toBeNull();
  });

  it("are never offered when demo content is off", async () => {
    const bare = await buildTestApp({ seedDemo: false });
    try {
      expect(await bare.services.demoLoginHint.get()).toBeNull();
      expect(await bare.services.usersRepository.count()).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
