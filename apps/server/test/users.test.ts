import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articles, users } from "../src/db/schema";
import { loginAs } from "./helpers";
import { admin, app, createUser, login, useUsersApp } from "./users-setup";

useUsersApp();

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
