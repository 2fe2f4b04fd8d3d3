import { randomBytes } from "node:crypto";
import { type ApiKeyPermission, apiKeyPermissions } from "@aurumwire/shared/api-keys";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiKeys } from "../src/db/schema";
import {
  admin,
  app,
  callPublic,
  createKey,
  editor,
  readRoutes,
  routesByPermission,
  usePublicApi,
} from "./public-api-setup";

usePublicApi();

describe("API key authentication", () => {
  it("answers 401 without a key and for an unknown key", async () => {
    const missing = await callPublic("GET", "/public/categories");
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe("api_key_missing");
    const unknown = await callPublic("GET", "/public/categories", `aw_${"x".repeat(32)}`);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({
      error: "This API key is not valid.",
      code: "api_key_invalid",
    });
    const garbage = await callPublic("GET", "/public/categories", "not-a-key");
    expect(garbage.json().code).toBe("api_key_invalid");
  });

  it("accepts the key as X-API-Key or as a bearer token, but not a login token", async () => {
    const { secret } = await createKey(["categories:read"]);
    expect((await callPublic("GET", "/public/categories", secret)).statusCode).toBe(200);
    expect(
      (await callPublic("GET", "/public/categories", secret, { bearer: true })).statusCode,
    ).toBe(200);
    const withLoginToken = await app.inject({
      method: "GET",
      url: "/public/categories",
      headers: editor,
    });
    expect(withLoginToken.statusCode).toBe(401);
  });

  it("refuses revoked, deactivated and expired keys with a message that says so", async () => {
    const revoked = await createKey(["categories:read"]);
    await app.inject({ method: "DELETE", url: `/api/api-keys/${revoked.id}`, headers: editor });
    const revokedAnswer = await callPublic("GET", "/public/categories", revoked.secret);
    expect(revokedAnswer.statusCode).toBe(401);
    expect(revokedAnswer.json()).toEqual({
      error: "This API key has been revoked.",
      code: "api_key_revoked",
    });

    const paused = await createKey(["categories:read"]);
    await app.inject({
      method: "PUT",
      url: `/api/api-keys/${paused.id}`,
      headers: editor,
      payload: { isActive: false },
    });
    const pausedAnswer = await callPublic("GET", "/public/categories", paused.secret);
    expect(pausedAnswer.statusCode).toBe(401);
    expect(pausedAnswer.json().code).toBe("api_key_revoked");

    const expiring = await createKey(["categories:read"], editor, {
      expiresAt: "2099-01-01T00:00:00.000Z",
    });
    expect((await callPublic("GET", "/public/categories", expiring.secret)).statusCode).toBe(200);
    const past = new Date(Date.now() - 1000);
    await app.database.db
      .update(apiKeys)
      .set({ expiresAt: past })
      .where(eq(apiKeys.id, expiring.id));
    const expiredAnswer = await callPublic("GET", "/public/categories", expiring.secret);
    expect(expiredAnswer.statusCode).toBe(401);
    expect(expiredAnswer.json()).toEqual({
      error: `This API key expired on ${past.toISOString()}.`,
      code: "api_key_expired",
    });
  });

  it("stops the keys of a deactivated owner, and lets them work again on reactivation", async () => {
    const created = await app.inject({
      method: "POST",
      url: "/api/users",
      headers: admin,
      payload: { email: "integrator@example.com", password: "secret1", role: "author" },
    });
    const owner = created.json().data.user;
    const session = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "integrator@example.com", password: "secret1" },
    });
    const { secret } = await createKey(["categories:read"], {
      authorization: `Bearer ${session.json().token}`,
    });
    expect((await callPublic("GET", "/public/categories", secret)).statusCode).toBe(200);

    await app.inject({ method: "DELETE", url: `/api/users/${owner.id}`, headers: admin });
    const refused = await callPublic("GET", "/public/categories", secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe("api_key_owner_deactivated");

    await app.inject({
      method: "PUT",
      url: `/api/users/${owner.id}`,
      headers: admin,
      payload: { is_active: true },
    });
    expect((await callPublic("GET", "/public/categories", secret)).statusCode).toBe(200);
  });

  it("makes an address that keeps sending wrong keys wait", async () => {
    const ip = "198.51.100.99";
    for (let attempt = 0; attempt < 30; attempt++) {
      const response = await callPublic(
        "GET",
        "/public/categories",
        `aw_${randomBytes(24).toString("base64url")}`,
        { ip },
      );
      expect(response.statusCode).toBe(401);
    }
    const blocked = await callPublic(
      "GET",
      "/public/categories",
      `aw_${randomBytes(24).toString("base64url")}`,
      { ip },
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe("api_key_attempts_limited");
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("permissions", () => {
  it("each permission opens exactly its own routes", async () => {
    const keys = new Map<ApiKeyPermission, string>();
    for (const permission of apiKeyPermissions)
      keys.set(permission, (await createKey([permission])).secret);
    for (const route of routesByPermission) {
      for (const permission of apiKeyPermissions) {
        const response = await route.call(keys.get(permission)!);
        const label = `${permission} on ${route.method} ${route.path}`;
        if (permission === route.permission) {
          expect(response.statusCode, label).toBe(route.ok);
        } else {
          expect(response.statusCode, label).toBe(403);
          expect(response.json()).toEqual({
            error: `This API key does not have the ${route.permission} permission.`,
            code: "api_key_permission_missing",
          });
        }
      }
    }
  });

  it("a key with several permissions opens each of their routes", async () => {
    const { secret } = await createKey([...new Set(readRoutes.map((route) => route.permission))]);
    for (const route of readRoutes) {
      expect((await route.call(secret)).statusCode).toBe(route.ok);
    }
  });
});
