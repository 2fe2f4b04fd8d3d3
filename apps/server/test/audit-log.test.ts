import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, loginAs } from "./helpers";
import { createArticle, createCategory } from "./newsroom-fixtures";

/** The audit log (issue 31, decision 203): an entry for each staff action the issue lists. */
let app: FastifyInstance;
let admin: { authorization: string };
let editor: { authorization: string };

beforeAll(async () => {
  app = await buildTestApp();
  admin = await loginAs(app, "admin");
  editor = await loginAs(app, "editor");
});
afterAll(async () => {
  await app?.close();
});

const adminAddress = "10.33.0.7";
const send = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: unknown,
  headers: { authorization: string } = admin,
) =>
  app.inject({
    method,
    url,
    headers,
    remoteAddress: adminAddress,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

type Entry = {
  action: string;
  actor: { id: number | null; name: string; role: string };
  ipAddress: string;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
};

/** The newest entry of `action` (on `targetId`, when given). */
async function latest(action: string, targetId?: string | number): Promise<Entry> {
  const response = await send("GET", `/api/audit-log?action=${action}`);
  expect(response.statusCode, response.body).toBe(200);
  const entries = response.json().entries as Entry[];
  const found = entries.find(
    (entry) => targetId === undefined || entry.targetId === String(targetId),
  );
  expect(found, `no ${action} entry for ${targetId}`).toBeDefined();
  return found!;
}

describe("an entry for each staff action", () => {
  it("articles: publish, schedule, unpublish, feature, restore a revision, delete", async () => {
    const category = await createCategory(app, admin);
    const article = await createArticle(app, admin, category.id);
    const put = (patch: Record<string, unknown>) =>
      send("PUT", `/api/articles/${article.id}`, patch);
    expect((await put({ status: "published" })).statusCode).toBe(200);
    const published = await latest("article.publish", article.id);
    expect(published).toMatchObject({
      actor: { name: "Ada Aurum", role: "admin" },
      ipAddress: adminAddress,
      targetType: "article",
    });
    expect((await put({ isFeatured: true })).statusCode).toBe(200);
    await latest("article.feature", article.id);
    expect((await put({ status: "draft" })).statusCode).toBe(200);
    await latest("article.unpublish", article.id);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    expect((await put({ status: "published", publishedAt: later })).statusCode).toBe(200);
    await latest("article.schedule", article.id);

    const revisions = await send("GET", `/api/admin/articles/${article.id}/revisions`);
    const revisionId = revisions.json().revisions[0].id;
    const restored = await send(
      "POST",
      `/api/admin/articles/${article.id}/revisions/${revisionId}/restore`,
    );
    expect(restored.statusCode, restored.body).toBe(200);
    await latest("article.restore_revision", article.id);

    // The article's own history (staff who may edit it).
    const history = await send("GET", `/api/audit-log/articles/${article.id}`, undefined, editor);
    expect(history.statusCode).toBe(200);
    expect(history.json().entries.map((entry: Entry) => entry.action)).toEqual(
      expect.arrayContaining(["article.publish", "article.feature", "article.restore_revision"]),
    );

    expect((await send("DELETE", `/api/articles/${article.id}`)).statusCode).toBe(204);
    await latest("article.delete", article.id);
  });

  it("categories: create, change, delete", async () => {
    const category = await createCategory(app, admin);
    await latest("category.create", category.id);
    const renamed = await send("PUT", `/api/categories/${category.id}`, { name: "Renamed desk" });
    expect(renamed.statusCode).toBe(200);
    const change = await latest("category.update", category.id);
    expect(change.before).toMatchObject({ name: category.name });
    expect(change.after).toMatchObject({ name: "Renamed desk" });
    expect((await send("DELETE", `/api/categories/${category.id}`)).statusCode).toBe(200);
    await latest("category.delete", category.id);
  });

  it("site settings and the landing page, with the value before and after", async () => {
    expect(
      (await send("PUT", "/api/site-settings", { heroDisplayMode: "carousel" })).statusCode,
    ).toBe(200);
    expect((await send("PUT", "/api/site-settings", { heroDisplayMode: "hero" })).statusCode).toBe(
      200,
    );
    const setting = await latest("site_settings.update", "heroDisplayMode");
    expect(setting).toMatchObject({ before: "carousel", after: "hero" });

    const configuration = await send("GET", "/api/landing-page/configuration");
    const content = configuration.json().data.content;
    const saved = await send("PUT", "/api/landing-page/content", {
      ...content,
      heroTitle: "Audited landing",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const landing = await latest("landing_page.update");
    expect(landing.after).toMatchObject({ heroTitle: "Audited landing" });
  });

  it("users: create, role (before and after), password reset, deactivate", async () => {
    const created = await send("POST", "/api/users", {
      email: `audited-${Date.now()}@example.com`,
      password: "audited-password",
      first_name: "Audi",
      last_name: "Ted",
      role: "author",
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.user.id as number;
    await latest("user.create", id);
    expect((await send("PUT", `/api/users/${id}`, { role: "editor" })).statusCode).toBe(200);
    const role = await latest("user.role_change", id);
    expect(role).toMatchObject({ before: { role: "author" }, after: { role: "editor" } });
    const reset = await send("PUT", `/api/users/${id}/password`, {
      new_password: "another-password",
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await latest("user.password_reset", id);
    expect((await send("DELETE", `/api/users/${id}`)).statusCode).toBe(200);
    await latest("user.deactivate", id);
  });

  it("API keys: create and revoke", async () => {
    const created = await send("POST", "/api/api-keys", {
      name: "Audited key",
      permissions: ["articles:read"],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().keyInfo?.id ?? created.json().data?.keyInfo?.id;
    await latest("api_key.create", id);
    expect((await send("DELETE", `/api/api-keys/${id}`)).statusCode).toBe(200);
    await latest("api_key.revoke", id);
  });

  it("security: a refused session sign-out and a failed two-factor code", async () => {
    const refused = await send(
      "DELETE",
      "/api/auth/sessions/00000000-0000-4000-8000-000000000000",
      undefined,
      editor,
    );
    expect(refused.statusCode).toBe(404);
    const entry = await latest("auth.session_revoke_refused");
    expect(entry.actor.role).toBe("editor");
    const wrongCode = await send("POST", "/api/auth/2fa/disable", {
      password: "AurumAdmin#2024",
      code: "123456",
    });
    // Two-factor is not on for the admin: nothing to turn off, nothing checked.
    expect(wrongCode.statusCode).toBe(409);
  });
});

describe("reading the log", () => {
  it("is for admins only: an editor gets 403", async () => {
    const response = await send("GET", "/api/audit-log", undefined, editor);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatch(/admin privileges to read the audit log/);
  });

  it("filters by person, action and dates, and pages", async () => {
    const me = (await send("GET", "/api/auth/profile")).json().user.id as number;
    const mine = await send("GET", `/api/audit-log?actor=${me}&action=category.create`);
    expect(mine.statusCode).toBe(200);
    const body = mine.json();
    expect(body.entries.length).toBeGreaterThan(0);
    expect(body.entries.every((entry: Entry) => entry.actor.id === me)).toBe(true);
    expect(body.pagination).toMatchObject({ page: 1, limit: 25 });
    const future = await send("GET", "/api/audit-log?from=2999-01-01");
    expect(future.json().entries).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const upToToday = await send("GET", `/api/audit-log?to=${today}`);
    expect(upToToday.json().pagination.total).toBeGreaterThan(0);
  });

  it("answers a malformed filter with 400 and a sentence", async () => {
    for (const [query, sentence] of [
      ["actor=someone", /actor must be a user id/],
      ["action=article.burn", /not one of the audit log's actions/],
      ["from=yesterday", /from must be a date like/],
      ["from=2026-02-01&to=2026-01-01", /from must be on or before to/],
      ["page=0", /page must be 1 or more/],
    ] as const) {
      const response = await send("GET", `/api/audit-log?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toMatch(sentence);
    }
  });

  it("is append-only in the database itself, for everyone", async () => {
    const { db } = app.database;
    // What the database answers (drizzle wraps it: the trigger's sentence is the cause).
    const attempt = (query: ReturnType<typeof sql>) =>
      db.execute(query).then(
        () => "changed",
        (error: { cause?: { message?: string }; message?: string }) =>
          error.cause?.message ?? error.message ?? String(error),
      );
    expect(await attempt(sql`update audit_log set summary = 'changed'`)).toMatch(/append-only/);
    expect(await attempt(sql`delete from audit_log`)).toMatch(/append-only/);
    expect(await attempt(sql`truncate audit_log`)).toMatch(/append-only/);
    const count = await send("GET", "/api/audit-log");
    expect(count.json().pagination.total).toBeGreaterThan(0);
  });
});
