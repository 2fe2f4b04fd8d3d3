import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "../src/db/schema";
import { hashApiKey } from "../src/modules/api-keys/secrets";
import { buildTestApp, loginAs } from "./helpers";

let app: FastifyInstance;
let admin: { authorization: string };
let editor: { authorization: string };
let author: { authorization: string };

beforeAll(async () => {
  // Usage is written only when asked (the list does), so the test sees the batching.
  app = await buildTestApp({}, { API_KEY_USAGE_FLUSH_MS: "600000" });
  admin = await loginAs(app, "admin");
  editor = await loginAs(app, "editor");
  author = await loginAs(app, "author");
});
afterAll(async () => {
  await app?.close();
});

async function createKey(auth: { authorization: string }, payload: Record<string, unknown>) {
  return app.inject({ method: "POST", url: "/api/api-keys", headers: auth, payload });
}

async function listKeys(auth: { authorization: string }) {
  const response = await app.inject({ method: "GET", url: "/api/api-keys", headers: auth });
  expect(response.statusCode).toBe(200);
  return response.json().data.apiKeys as Array<Record<string, unknown> & { id: number }>;
}

describe("generating keys", () => {
  it("shows the full secret once, with a visible prefix and the default shape", async () => {
    const response = await createKey(author, {
      name: "Newsletter sync",
      permissions: ["articles:read", "articles:create"],
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers["cache-control"]).toBe("no-store");
    const { success, data } = response.json();
    expect(success).toBe(true);
    expect(data.apiKey).toMatch(/^aw_[A-Za-z0-9_-]{32}$/);
    expect(data.keyInfo).toMatchObject({
      name: "Newsletter sync",
      keyPrefix: data.apiKey.slice(0, 11),
      // Stored in the canonical order of the permission list.
      permissions: ["articles:create", "articles:read"],
      isActive: true,
      status: "active",
      usageCount: 0,
      lastUsedAt: null,
      expiresAt: null,
      user: { email: "author@aurumwire.test" },
    });
  });

  it("never returns the secret again and never stores it in plain text", async () => {
    const created = (
      await createKey(editor, { name: "Secret check", permissions: ["users:read"] })
    ).json().data;
    const secret: string = created.apiKey;
    const listing = await app.inject({ method: "GET", url: "/api/api-keys", headers: editor });
    expect(listing.body).not.toContain(secret);
    expect(listing.body).not.toContain(hashApiKey(secret));
    expect(listing.body).not.toMatch(/keyHash|key_hash/);
    const updated = await app.inject({
      method: "PUT",
      url: `/api/api-keys/${created.keyInfo.id}`,
      headers: editor,
      payload: { name: "Secret check 2" },
    });
    expect(updated.body).not.toContain(secret);

    const rows = await app.database.db.execute(sql`select * from api_keys`);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(secret.slice(11));
    const [row] = await app.database.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.id, created.keyInfo.id));
    expect(row.keyHash).toBe(hashApiKey(secret));
    expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("requires a name and at least one known permission; expiry must be in the future", async () => {
    const empty = await createKey(author, { name: " ", permissions: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({
      name: "Name is required",
      permissions: "Select at least one permission",
    });
    const unknown = await createKey(author, { name: "X", permissions: ["articles:publish"] });
    expect(unknown.statusCode).toBe(400);
    const past = await createKey(author, {
      name: "X",
      permissions: ["articles:read"],
      expiresAt: "2020-01-01T00:00:00.000Z",
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields.expiresAt).toBe("Expiry must be in the future");
    const future = await createKey(author, {
      name: "Expiring",
      permissions: ["articles:read"],
      expiresAt: "2099-01-01T00:00:00.000Z",
    });
    expect(future.json().data.keyInfo.expiresAt).toBe("2099-01-01T00:00:00.000Z");
  });

  it("is for staff only", async () => {
    expect((await app.inject({ method: "GET", url: "/api/api-keys" })).statusCode).toBe(401);
    const reader = await loginAs(app, "reader");
    const response = await createKey(reader, { name: "Mine", permissions: ["articles:read"] });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(
      "You need admin, editor or author privileges to manage API keys.",
    );
  });
});

describe("who sees and changes which keys", () => {
  it("staff see their own keys; admins see everyone's with the owner's email", async () => {
    const authorKeys = await listKeys(author);
    expect(authorKeys.length).toBeGreaterThan(0);
    expect(
      authorKeys.every((key) => (key.user as { email: string }).email === "author@aurumwire.test"),
    ).toBe(true);
    const all = await listKeys(admin);
    const owners = new Set(all.map((key) => (key.user as { email: string }).email));
    expect(owners).toEqual(new Set(["author@aurumwire.test", "editor@aurumwire.test"]));
  });

  it("another non-admin cannot see, edit or revoke a key (404); an admin can", async () => {
    const key = (
      await createKey(author, { name: "Author only", permissions: ["articles:read"] })
    ).json().data.keyInfo;
    const edit = await app.inject({
      method: "PUT",
      url: `/api/api-keys/${key.id}`,
      headers: editor,
      payload: { name: "Hijacked" },
    });
    expect(edit.statusCode).toBe(404);
    const revoke = await app.inject({
      method: "DELETE",
      url: `/api/api-keys/${key.id}`,
      headers: editor,
    });
    expect(revoke.statusCode).toBe(404);
    const byAdmin = await app.inject({
      method: "PUT",
      url: `/api/api-keys/${key.id}`,
      headers: admin,
      payload: { name: "Renamed by admin" },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().data.apiKey.name).toBe("Renamed by admin");
  });
});

describe("key states", () => {
  it("edits an active key, refuses edits while inactive, toggles, and revokes for good", async () => {
    const key = (
      await createKey(editor, { name: "Lifecycle", permissions: ["articles:read"] })
    ).json().data.keyInfo;
    const put = (payload: Record<string, unknown>) =>
      app.inject({ method: "PUT", url: `/api/api-keys/${key.id}`, headers: editor, payload });

    const edited = await put({
      name: "Lifecycle v2",
      permissions: ["categories:read", "articles:read"],
    });
    expect(edited.json().data.apiKey).toMatchObject({
      name: "Lifecycle v2",
      permissions: ["articles:read", "categories:read"],
    });

    const off = await put({ isActive: false });
    expect(off.json().data.apiKey).toMatchObject({
      isActive: false,
      // Decision 131: switched off is not revoked (it can be activated again).
      status: "deactivated",
      revokedAt: null,
    });
    const editWhileOff = await put({ name: "Nope" });
    expect(editWhileOff.statusCode).toBe(409);
    expect(editWhileOff.json().code).toBe("api_key_inactive");
    const on = await put({ isActive: true });
    expect(on.json().data.apiKey).toMatchObject({ isActive: true, status: "active" });

    const revoked = await app.inject({
      method: "DELETE",
      url: `/api/api-keys/${key.id}`,
      headers: editor,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.apiKey.status).toBe("revoked");
    expect(revoked.json().data.apiKey.revokedAt).toEqual(expect.any(String));
    const reactivate = await put({ isActive: true });
    expect(reactivate.statusCode).toBe(409);
    expect(reactivate.json().code).toBe("api_key_revoked");
    // Still listed, as revoked.
    expect((await listKeys(editor)).find((item) => item.id === key.id)?.status).toBe("revoked");
  });

  it("reports a key past its expiry as expired", async () => {
    const key = (
      await createKey(editor, {
        name: "Short lived",
        permissions: ["articles:read"],
        expiresAt: "2099-01-01T00:00:00.000Z",
      })
    ).json().data.keyInfo;
    await app.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(apiKeys.id, key.id));
    expect((await listKeys(editor)).find((item) => item.id === key.id)?.status).toBe("expired");
  });
});

describe("usage counters", () => {
  it("counts uses in memory and writes them in one batch", async () => {
    const { apiKey, keyInfo } = (
      await createKey(editor, { name: "Busy", permissions: ["categories:read"] })
    ).json().data;
    for (let index = 0; index < 7; index++) {
      const response = await app.inject({
        method: "GET",
        url: "/public/categories",
        headers: { "x-api-key": apiKey },
        remoteAddress: "203.0.113.7",
      });
      expect(response.statusCode).toBe(200);
    }
    // Nothing written per request...
    const [before] = await app.database.db.select().from(apiKeys).where(eq(apiKeys.id, keyInfo.id));
    expect(before.usageCount).toBe(0);
    // ...the batch lands before the owner's list is read.
    const listed = (await listKeys(editor)).find((item) => item.id === keyInfo.id);
    expect(listed).toMatchObject({ usageCount: 7, lastUsedIp: "203.0.113.7" });
    expect(Date.now() - new Date(listed?.lastUsedAt as string).getTime()).toBeLessThan(60_000);
  });
});
