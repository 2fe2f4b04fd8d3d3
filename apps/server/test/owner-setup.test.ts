import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "./helpers";

/** SEED_DEMO=false: the first start offers a one-time owner set-up instead of a known account. */
let bare: FastifyInstance;

beforeAll(async () => {
  bare = await buildTestApp({ seedDemo: false });
});
afterAll(async () => {
  await bare.close();
});

const owner = (index: number) => ({
  email: `owner-${index}@example.com`,
  password: "a-long-owner-secret",
  firstName: "Olive",
  lastName: `Owner ${index}`,
});

describe("the one-time owner set-up", () => {
  it("is offered while the install has no account at all", async () => {
    const status = await bare.inject({ url: "/api/auth/setup" });
    expect(status.json()).toEqual({ ownerNeeded: true });
  });

  it("asks for a password of at least 10 characters", async () => {
    const response = await bare.inject({
      method: "POST",
      url: "/api/auth/setup",
      payload: { ...owner(0), password: "short-pw" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.password).toBe(
      "The owner's password must be at least 10 characters",
    );
  });

  it("makes exactly one of several racing set-ups the owner, an admin, and then closes", async () => {
    const attempts = await Promise.all(
      [1, 2, 3, 4, 5].map((index) =>
        bare.inject({ method: "POST", url: "/api/auth/setup", payload: owner(index) }),
      ),
    );
    const created = attempts.filter((response) => response.statusCode === 201);
    expect(created).toHaveLength(1);
    expect(created[0].json().user).toMatchObject({ role: "admin", firstName: "Olive" });
    expect(created[0].json().token).toMatch(/^ey/);
    for (const refused of attempts.filter((response) => response.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: "This site already has an owner. Please log in instead.",
        code: "setup_done",
      });
    }
    expect(await bare.services.usersRepository.count()).toBe(1);
    expect((await bare.inject({ url: "/api/auth/setup" })).json()).toEqual({ ownerNeeded: false });
    const email = created[0].json().user.email;
    const login = await bare.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: "a-long-owner-secret" },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe("an install with demo content", () => {
  it("never offers the set-up", async () => {
    const seeded = await buildTestApp();
    try {
      expect((await seeded.inject({ url: "/api/auth/setup" })).json()).toEqual({
        ownerNeeded: false,
      });
      const response = await seeded.inject({
        method: "POST",
        url: "/api/auth/setup",
        payload: owner(9),
      });
      expect(response.statusCode).toBe(409);
    } finally {
      await seeded.close();
    }
  });
});
