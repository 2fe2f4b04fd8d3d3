import { existsSync } from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, users } from "../src/db/schema";
import { buildTestApp, loginAs } from "./helpers";

let app: FastifyInstance;
let admin: { authorization: string };

beforeAll(async () => {
  app = await buildTestApp();
  admin = await loginAs(app, "admin");
});
afterAll(async () => {
  await app?.close();
});

async function createUser(payload: Record<string, unknown>, auth = admin) {
  return app.inject({ method: "POST", url: "/api/users", headers: auth, payload });
}

async function login(email: string, password: string) {
  return app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });
}

function multipartBody(field: string, fileName: string, contentType: string, bytes: Buffer) {
  const boundary = "----aurumwire-test-boundary";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

describe("who may manage users", () => {
  it("refuses anonymous callers with 401 and non-admins with 403", async () => {
    expect((await app.inject({ method: "GET", url: "/api/users" })).statusCode).toBe(401);
    for (const who of ["editor", "author", "reader"] as const) {
      const response = await app.inject({
        method: "GET",
        url: "/api/users",
        headers: await loginAs(app, who),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: "You need admin privileges to manage users.",
        code: "forbidden",
      });
    }
    const create = await createUser(
      { email: "sneaky@example.com", password: "secret1" },
      await loginAs(app, "editor"),
    );
    expect(create.statusCode).toBe(403);
  });
});

describe("listing users", () => {
  it("answers { success, data: { users, pagination } } in snake_case with counts", async () => {
    const [author] = await app.database.db
      .select()
      .from(users)
      .where(eq(users.email, "author@aurumwire.test"));
    const findArjun = async () =>
      (await app.inject({ method: "GET", url: "/api/users?search=patel", headers: admin })).json()
        .data.users[0];
    const before = await findArjun();
    await app.database.db.insert(articles).values([
      { slug: "count-one", title: "Count one", authorId: author.id },
      { slug: "count-two", title: "Count two", authorId: author.id, status: "published" },
    ]);
    const authorAuth = await loginAs(app, "author");
    const keys = [];
    for (const name of ["one", "two", "three"]) {
      const created = await app.inject({
        method: "POST",
        url: "/api/api-keys",
        headers: authorAuth,
        payload: { name, permissions: ["articles:read"] },
      });
      keys.push(created.json().data.keyInfo.id);
    }
    // A revoked key is not counted.
    await app.inject({ method: "DELETE", url: `/api/api-keys/${keys[0]}`, headers: authorAuth });

    const response = await app.inject({ method: "GET", url: "/api/users", headers: admin });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.pagination).toMatchObject({ page: 1, limit: 10 });
    expect(body.data.pagination.total).toBeGreaterThanOrEqual(4);
    const ada = body.data.users.find(
      (user: { email: string }) => user.email === "admin@aurumwire.test",
    );
    expect(ada).toMatchObject({
      first_name: "Ada",
      last_name: "Aurum",
      role: "admin",
      is_active: true,
      api_key_count: 0,
    });
    const [adaArticles] = await app.database.db
      .select({ value: count() })
      .from(articles)
      .where(eq(articles.authorId, ada.id));
    expect(ada.article_count).toBe(adaArticles.value);
    expect(typeof ada.created_at).toBe("string");
    const arjun = body.data.users.find(
      (user: { email: string }) => user.email === "author@aurumwire.test",
    );
    expect(arjun).toMatchObject({
      article_count: before.article_count + 2,
      api_key_count: before.api_key_count + 2,
    });
    const [arjunArticles] = await app.database.db
      .select({ value: count() })
      .from(articles)
      .where(eq(articles.authorId, author.id));
    expect(arjun.article_count).toBe(arjunArticles.value);
    expect(JSON.stringify(body)).not.toMatch(/password|argon|token_version|tokenVersion/i);
  });

  it("filters by search, role and status and pages", async () => {
    const byRole = await app.inject({
      method: "GET",
      url: "/api/users?role=editor",
      headers: admin,
    });
    expect(byRole.json().data.users.map((user: { role: string }) => user.role)).toEqual(["editor"]);

    const bySearch = await app.inject({
      method: "GET",
      url: "/api/users?search=patel",
      headers: admin,
    });
    expect(bySearch.json().data.users.map((user: { email: string }) => user.email)).toEqual([
      "author@aurumwire.test",
    ]);

    const wildcard = await app.inject({
      method: "GET",
      url: `/api/users?search=${encodeURIComponent("%")}`,
      headers: admin,
    });
    expect(wildcard.json().data.users).toEqual([]);

    const paged = await app.inject({
      method: "GET",
      url: "/api/users?limit=2&page=2",
      headers: admin,
    });
    const { pagination, users } = paged.json().data;
    expect(users).toHaveLength(2);
    expect(pagination).toMatchObject({ page: 2, limit: 2 });
    expect(pagination.totalPages).toBe(Math.ceil(pagination.total / 2));

    const bad = await app.inject({ method: "GET", url: "/api/users?status=gone", headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("validation_failed");
  });
});

describe("creating and editing users", () => {
  it("creates an author who can then log in", async () => {
    const response = await createUser({
      email: "New.Author@Example.com",
      password: "secret1",
      first_name: "Nia",
      last_name: "Okafor",
      role: "author",
    });
    expect(response.statusCode).toBe(201);
    const { user } = response.json().data;
    expect(user).toMatchObject({
      email: "new.author@example.com",
      first_name: "Nia",
      role: "author",
      is_active: true,
    });
    const loggedIn = await login("new.author@example.com", "secret1");
    expect(loggedIn.statusCode).toBe(200);
    expect(loggedIn.json().user.role).toBe("author");
  });

  it("requires email and a password of at least 6 characters", async () => {
    const response = await createUser({ email: "", password: "12345" });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      email: "Email is required",
      password: "Password must be at least 6 characters",
    });
  });

  it("refuses a second account with the same email, whatever its case", async () => {
    const response = await createUser({ email: "EDITOR@aurumwire.test", password: "secret1" });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("email_taken");
  });

  it("updates names, role, bio and avatar_url, and 404s unknown ids", async () => {
    const created = (await createUser({ email: "edit.me@example.com", password: "secret1" })).json()
      .data.user;
    const response = await app.inject({
      method: "PUT",
      url: `/api/users/${created.id}`,
      headers: admin,
      payload: {
        first_name: "Edda",
        last_name: "Meyer",
        role: "editor",
        bio: "Desk editor",
        avatar_url: "https://images.example.com/edda.png",
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({
      first_name: "Edda",
      last_name: "Meyer",
      role: "editor",
      bio: "Desk editor",
      avatar_url: "https://images.example.com/edda.png",
    });
    const missing = await app.inject({
      method: "PUT",
      url: "/api/users/999999",
      headers: admin,
      payload: { first_name: "X" },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("user_not_found");
    const script = await app.inject({
      method: "PUT",
      url: `/api/users/${created.id}`,
      headers: admin,
      payload: { avatar_url: "javascript:alert(1)" },
    });
    expect(script.statusCode).toBe(400);
  });
});

describe("deactivation and password reset", () => {
  it("deactivates (DELETE), ends the sessions, blocks login and is reversible", async () => {
    const created = (
      await createUser({ email: "leaving@example.com", password: "secret1", role: "author" })
    ).json().data.user;
    const session = {
      authorization: `Bearer ${(await login("leaving@example.com", "secret1")).json().token}`,
    };
    expect(
      (await app.inject({ method: "GET", url: "/api/auth/profile", headers: session })).statusCode,
    ).toBe(200);

    const response = await app.inject({
      method: "DELETE",
      url: `/api/users/${created.id}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.is_active).toBe(false);

    const afterwards = await app.inject({
      method: "GET",
      url: "/api/auth/profile",
      headers: session,
    });
    expect(afterwards.statusCode).toBe(401);
    expect((await login("leaving@example.com", "secret1")).json().code).toBe("account_deactivated");

    const listed = await app.inject({
      method: "GET",
      url: "/api/users?status=inactive",
      headers: admin,
    });
    expect(listed.json().data.users.map((user: { id: number }) => user.id)).toContain(created.id);

    const restored = await app.inject({
      method: "PUT",
      url: `/api/users/${created.id}`,
      headers: admin,
      payload: { is_active: true },
    });
    expect(restored.json().data.user.is_active).toBe(true);
    expect((await login("leaving@example.com", "secret1")).statusCode).toBe(200);
  });

  it("resets a password: the old one stops working and old sessions end", async () => {
    const created = (
      await createUser({ email: "forgetful@example.com", password: "oldpass" })
    ).json().data.user;
    const session = {
      authorization: `Bearer ${(await login("forgetful@example.com", "oldpass")).json().token}`,
    };
    const short = await app.inject({
      method: "PUT",
      url: `/api/users/${created.id}/password`,
      headers: admin,
      payload: { new_password: "12345" },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.new_password).toBe("Password must be at least 6 characters");

    const response = await app.inject({
      method: "PUT",
      url: `/api/users/${created.id}/password`,
      headers: admin,
      payload: { new_password: "newpass" },
    });
    expect(response.statusCode).toBe(200);
    expect((await login("forgetful@example.com", "oldpass")).statusCode).toBe(401);
    expect((await login("forgetful@example.com", "newpass")).statusCode).toBe(200);
    expect(
      (await app.inject({ method: "GET", url: "/api/auth/profile", headers: session })).statusCode,
    ).toBe(401);
  });
});

describe("avatar upload", () => {
  let userId: number;
  beforeAll(async () => {
    userId = (await createUser({ email: "avatar@example.com", password: "secret1" })).json().data
      .user.id;
  });

  const png = () =>
    sharp({ create: { width: 640, height: 480, channels: 3, background: "#c9a227" } })
      .png()
      .toBuffer();

  it("re-encodes an image to a square WebP under /uploads/avatars and serves it", async () => {
    const upload = multipartBody("avatar", "me.png", "image/png", await png());
    const response = await app.inject({
      method: "POST",
      url: `/api/users/${userId}/avatar`,
      headers: { ...admin, ...upload.headers },
      payload: upload.payload,
    });
    expect(response.statusCode).toBe(200);
    const url: string = response.json().data.user.avatar_url;
    expect(url).toMatch(/^\/uploads\/avatars\/\d+-[0-9a-f]{16}\.webp$/);
    const file = path.join(app.config.dataDir, url);
    expect(existsSync(file)).toBe(true);
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    const served = await app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");

    // A second upload replaces the file of the first.
    const again = multipartBody("avatar", "me2.png", "image/png", await png());
    const second = await app.inject({
      method: "POST",
      url: `/api/users/${userId}/avatar`,
      headers: { ...admin, ...again.headers },
      payload: again.payload,
    });
    expect(second.statusCode).toBe(200);
    expect(existsSync(file)).toBe(false);
  });

  it("refuses a file that is not an image, whatever it claims to be", async () => {
    const upload = multipartBody(
      "avatar",
      "evil.png",
      "image/png",
      Buffer.from("<script>alert(1)</script>"),
    );
    const response = await app.inject({
      method: "POST",
      url: `/api/users/${userId}/avatar`,
      headers: { ...admin, ...upload.headers },
      payload: upload.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "Please select an image file", code: "not_an_image" });

    const svg = multipartBody(
      "avatar",
      "logo.svg",
      "image/svg+xml",
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
    );
    const svgResponse = await app.inject({
      method: "POST",
      url: `/api/users/${userId}/avatar`,
      headers: { ...admin, ...svg.headers },
      payload: svg.payload,
    });
    expect(svgResponse.statusCode).toBe(400);
  });

  it("refuses files of 5 MB and more with 413", async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const upload = multipartBody("avatar", "big.png", "image/png", big);
    const response = await app.inject({
      method: "POST",
      url: `/api/users/${userId}/avatar`,
      headers: { ...admin, ...upload.headers },
      payload: upload.payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: "File size must be less than 5MB",
      code: "file_too_large",
    });
  });

  it("needs the field avatar and multipart", async () => {
    const upload = multipartBody("picture", "me.png", "image/png", await png());
    const wrongField = await app.inject({
      method: "POST",
      url: `/api/users/${userId}/avatar`,
      headers: { ...admin, ...upload.headers },
      payload: upload.payload,
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().code).toBe("avatar_missing");
    const json = await app.inject({
      method: "POST",
      url: `/api/users/${userId}/avatar`,
      headers: admin,
      payload: { avatar: "x" },
    });
    expect(json.statusCode).toBe(400);
  });

  it("lets users set their own avatar but not someone else's", async () => {
    const author = await loginAs(app, "author");
    const me = (
      await app.inject({ method: "GET", url: "/api/auth/profile", headers: author })
    ).json().user;
    const own = multipartBody("avatar", "me.png", "image/png", await png());
    const ownResponse = await app.inject({
      method: "POST",
      url: `/api/users/${me.id}/avatar`,
      headers: { ...author, ...own.headers },
      payload: own.payload,
    });
    expect(ownResponse.statusCode).toBe(200);
    const other = multipartBody("avatar", "me.png", "image/png", await png());
    const otherResponse = await app.inject({
      method: "POST",
      url: `/api/users/${userId}/avatar`,
      headers: { ...author, ...other.headers },
      payload: other.payload,
    });
    expect(otherResponse.statusCode).toBe(403);
  });
});

// Last: these change who is admin, which ends the sessions the other tests use.
describe("admin protection", () => {
  it("an admin cannot demote or deactivate themselves", async () => {
    const me = (
      await app.inject({ method: "GET", url: "/api/auth/profile", headers: admin })
    ).json().user;
    const demote = await app.inject({
      method: "PUT",
      url: `/api/users/${me.id}`,
      headers: admin,
      payload: { role: "editor" },
    });
    expect(demote.statusCode).toBe(403);
    expect(demote.json().code).toBe("self_role_change");
    const deactivate = await app.inject({
      method: "DELETE",
      url: `/api/users/${me.id}`,
      headers: admin,
    });
    expect(deactivate.statusCode).toBe(403);
    expect(deactivate.json().code).toBe("self_deactivation");
    const viaPut = await app.inject({
      method: "PUT",
      url: `/api/users/${me.id}`,
      headers: admin,
      payload: { is_active: false },
    });
    expect(viaPut.json().code).toBe("self_deactivation");
    // Editing their own name is fine.
    const rename = await app.inject({
      method: "PUT",
      url: `/api/users/${me.id}`,
      headers: admin,
      payload: { first_name: "Ada", role: "admin", is_active: true },
    });
    expect(rename.statusCode).toBe(200);
  });

  it("the last active admin can never be removed, even by another admin", async () => {
    const second = (
      await createUser({ email: "second.admin@example.com", password: "secret1", role: "admin" })
    ).json().data.user;
    const secondAuth = {
      authorization: `Bearer ${(await login("second.admin@example.com", "secret1")).json().token}`,
    };
    const first = (
      await app.inject({ method: "GET", url: "/api/auth/profile", headers: admin })
    ).json().user;

    // Two admins: the second may deactivate the first...
    const removeFirst = await app.inject({
      method: "DELETE",
      url: `/api/users/${first.id}`,
      headers: secondAuth,
    });
    expect(removeFirst.statusCode).toBe(200);
    // ...and is now the last one, so the same rule protects the second from itself and others.
    const restoreFirst = await app.inject({
      method: "PUT",
      url: `/api/users/${first.id}`,
      headers: secondAuth,
      payload: { is_active: true, role: "editor" },
    });
    expect(restoreFirst.statusCode).toBe(200);
    const firstAsEditor = {
      authorization: `Bearer ${(await login("admin@aurumwire.test", "AurumAdmin#2024")).json().token}`,
    };
    expect(
      (await app.inject({ method: "GET", url: "/api/users", headers: firstAsEditor })).statusCode,
    ).toBe(403);

    // Simulate the race where the only admin is the target of another admin's stale session:
    // give the first admin rights back, then have both try to demote each other at once.
    await app.inject({
      method: "PUT",
      url: `/api/users/${first.id}`,
      headers: secondAuth,
      payload: { role: "admin" },
    });
    const firstAgain = {
      authorization: `Bearer ${(await login("admin@aurumwire.test", "AurumAdmin#2024")).json().token}`,
    };
    const [a, b] = await Promise.all([
      app.inject({
        method: "PUT",
        url: `/api/users/${second.id}`,
        headers: firstAgain,
        payload: { role: "author" },
      }),
      app.inject({
        method: "PUT",
        url: `/api/users/${first.id}`,
        headers: secondAuth,
        payload: { role: "author" },
      }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    // One demotion wins; the other is refused (last admin, the demoted caller lost its rights, or
    // its session ended with its role, decision 200).
    expect(statuses[0]).toBe(200);
    expect([401, 403, 409]).toContain(statuses[1]);
    const admins = await app.inject({
      method: "GET",
      url: "/api/users?role=admin&status=active",
      headers: a.statusCode === 200 ? firstAgain : secondAuth,
    });
    expect(admins.json().data.users).toHaveLength(1);

    const last = admins.json().data.users[0];
    const otherAdminSession = a.statusCode === 200 ? firstAgain : secondAuth;
    const self = await app.inject({
      method: "DELETE",
      url: `/api/users/${last.id}`,
      headers: otherAdminSession,
    });
    expect(self.statusCode).toBe(403);
  });
});
