import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "./helpers";

/**
 * Issue 33: every route that needs a signed-in account authenticates before it reads and
 * validates the body, so an anonymous caller learns nothing about the fields (401, not 400 with
 * every field's rule). Driven by the app's own table of guarded routes, so a new route is covered.
 */
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** A concrete address for a route pattern: every parameter 1, a wildcard some path. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, "1").replace(/\*$/, "x");

describe("staff routes authenticate first", () => {
  it("answers an anonymous write with a bad body 401 on every guarded route", async () => {
    const writes = app.signedInRoutes.filter((route) =>
      ["POST", "PUT", "PATCH", "DELETE"].includes(route.method),
    );
    // The table is the app's own: far more than a handful of routes need an account.
    expect(writes.length).toBeGreaterThan(40);
    const answers: string[] = [];
    for (const route of writes) {
      const response = await app.inject({
        method: route.method as "POST",
        url: concrete(route.url),
        payload: { unexpected: ["not", "what", "any", "route", "takes"] },
      });
      if (response.statusCode !== 401 || response.json().code !== "unauthorized")
        answers.push(`${route.method} ${route.url}: ${response.statusCode} ${response.body}`);
    }
    expect(answers).toEqual([]);
  });

  it("answers a signed-in reader's bad body on a staff route 403 before 400", async () => {
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "reader@aurumwire.test", password: "AurumReader#2024" },
    });
    const response = await app.inject({
      method: "POST",
      url: "/api/articles",
      headers: { authorization: `Bearer ${login.json().token}` },
      payload: { title: 7 },
    });
    expect(response.statusCode).toBe(403);
  });
});
