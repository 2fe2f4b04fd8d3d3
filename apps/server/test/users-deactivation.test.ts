import { describe, expect, it } from "vitest";
import { admin, app, createUser, login, useUsersApp } from "./users-setup";

useUsersApp();

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
