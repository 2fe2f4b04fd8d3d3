import type { FastifyInstance } from "fastify";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, demo, loginAs, signUpReader } from "./helpers";

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

const login = (payload: unknown, ip = "10.0.0.1") =>
  app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: payload as object,
    remoteAddress: ip,
  });

describe("login", () => {
  it("answers the user and a token for the demo admin, without the password hash", async () => {
    const response = await login(demo.admin);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^ey/);
    expect(body.user).toMatchObject({ email: demo.admin.email, role: "admin", firstName: "Ada" });
    expect(JSON.stringify(body)).not.toMatch(/password|argon/i);
  });

  it("treats the email case-insensitively", async () => {
    const response = await login({ ...demo.editor, email: "EDITOR@AurumWire.test" });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.role).toBe("editor");
  });

  it("refuses a wrong password with 401 and a readable message", async () => {
    const response = await login({ ...demo.author, password: "wrong-password" }, "10.0.0.2");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: "Invalid email or password.",
      code: "invalid_credentials",
    });
  });

  it("refuses an unknown email the same way", async () => {
    const response = await login({ email: "nobody@aurumwire.test", password: "x" }, "10.0.0.3");
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("invalid_credentials");
  });

  it("answers 400 with per-field messages when fields are missing", async () => {
    const response = await login({ email: "not-an-email" });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe("validation_failed");
    expect(body.fields.email).toBe("Please enter a valid email address");
    expect(body.fields.password).toBe("Password is required");
  });

  it("makes an email and IP wait a minute after 5 failures, with Retry-After", async () => {
    const ip = "10.0.0.50";
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await login({ ...demo.reader, password: "nope" }, ip)).statusCode).toBe(401);
    }
    const locked = await login(demo.reader, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe("login_locked");
    expect(locked.json().error).toMatch(/try again in 1 minute\./);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(50);
    expect(Number(locked.headers["retry-after"])).toBeLessThanOrEqual(60);
    // Another IP is not locked out for the same account.
    expect((await login(demo.reader, "10.0.0.51")).statusCode).toBe(200);
  });

  it("resets the failure count after a successful login", async () => {
    const ip = "10.0.0.60";
    for (let attempt = 0; attempt < 4; attempt++)
      await login({ ...demo.editor, password: "no" }, ip);
    expect((await login(demo.editor, ip)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 4; attempt++)
      await login({ ...demo.editor, password: "no" }, ip);
    expect((await login(demo.editor, ip)).statusCode).toBe(200);
  });
});

describe("register", () => {
  const newcomer = {
    email: "newcomer@example.com",
    password: "s3cret-pass",
    firstName: "New",
    lastName: "Comer",
  };

  it("creates an ordinary user account, signed in separately (no e-mail: made at once)", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: newcomer,
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({
      message: `Thanks! If ${newcomer.email} is new to us, your account is ready: sign in with this address and your password.`,
    });
    const signedIn = await login({ email: newcomer.email, password: newcomer.password });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ email: newcomer.email, role: "user" });
  });

  it("answers a taken e-mail the same way, whatever its case, and changes nothing", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { ...newcomer, email: "NEWCOMER@example.com", password: "another-pass" },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({
      message:
        "Thanks! If newcomer@example.com is new to us, your account is ready: sign in with this address and your password.",
    });
    expect((await login({ email: newcomer.email, password: "another-pass" })).statusCode).toBe(401);
    expect((await login({ email: newcomer.email, password: newcomer.password })).statusCode).toBe(
      200,
    );
  });

  it("refuses a short password and ignores a role sent by the client", async () => {
    const short = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { ...newcomer, email: "short@example.com", password: "12345" },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toBe("Password must be at least 6 characters");

    const sneaky = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { ...newcomer, email: "sneaky@example.com", role: "admin" },
    });
    expect(sneaky.statusCode).toBe(202);
    const signedIn = await login({ email: "sneaky@example.com", password: newcomer.password });
    expect(signedIn.json().user.role).toBe("user");
  });

  it("limits sign-ups to 10 an hour per address, with Retry-After and a message", async () => {
    const register = (index: number, address: string) =>
      app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { ...newcomer, email: `burst-${address}-${index}@example.com` },
        remoteAddress: address,
      });
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, index) => register(index, "10.9.0.1")),
    );
    const codes = burst.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 202)).toHaveLength(10);
    expect(codes.filter((code) => code === 429)).toHaveLength(30);
    const refused = burst.find((response) => response.statusCode === 429)!;
    expect(refused.json()).toEqual({
      error: "Too many sign-ups from your network. Please try again in 60 minutes.",
      code: "registration_rate_limited",
    });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3500);
    // Another address is not affected.
    expect((await register(0, "10.9.0.2")).statusCode).toBe(202);
  });
});

describe("profile", () => {
  it("reads the signed-in user's profile", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/api/auth/profile",
      headers: await loginAs(app, "author"),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email: demo.author.email, role: "author" });
  });

  it("updates name and bio, and changes the password only with the current one", async () => {
    const { headers } = await signUpReader(app, {
      email: "pw@example.com",
      password: "first-pass",
      firstName: "P",
      lastName: "W",
    });

    const renamed = await app.inject({
      method: "PUT",
      url: "/api/auth/profile",
      headers,
      payload: { firstName: "Paula", bio: "Reads everything." },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user).toMatchObject({ firstName: "Paula", bio: "Reads everything." });

    const wrongCurrent = await app.inject({
      method: "PUT",
      url: "/api/auth/profile",
      headers,
      payload: { currentPassword: "nope", newPassword: "second-pass" },
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().fields.currentPassword).toBeDefined();

    const changed = await app.inject({
      method: "PUT",
      url: "/api/auth/profile",
      headers,
      payload: { currentPassword: "first-pass", newPassword: "second-pass" },
    });
    expect(changed.statusCode).toBe(200);
    // This session stays signed in (its old and new tokens both work); other sessions end
    // (sessions.test.ts).
    const withOld = await app.inject({ method: "GET", url: "/api/auth/profile", headers });
    expect(withOld.statusCode).toBe(200);
    const withNew = await app.inject({
      method: "GET",
      url: "/api/auth/profile",
      headers: { authorization: `Bearer ${changed.json().token}` },
    });
    expect(withNew.statusCode).toBe(200);
    expect((await login({ email: "pw@example.com", password: "second-pass" })).statusCode).toBe(
      200,
    );
  });

  it("answers 401 without a token, with a garbage token and with an expired token", async () => {
    const none = await app.inject({ method: "GET", url: "/api/auth/profile" });
    expect(none.statusCode).toBe(401);
    const garbage = await app.inject({
      method: "GET",
      url: "/api/auth/profile",
      headers: { authorization: "Bearer not.a.token" },
    });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().code).toBe("invalid_token");

    const expired = await new SignJWT({ role: "admin", ver: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("1")
      .setIssuer("aurumwire")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(app.config.jwtSecret));
    const response = await app.inject({
      method: "GET",
      url: "/api/auth/profile",
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("token_expired");
  });

  it("refuses a deactivated user at login and ends their existing sessions", async () => {
    const { id, headers } = await signUpReader(
      app,
      { email: "gone@example.com", password: "gone-pass", firstName: "G", lastName: "One" },
      { remoteAddress: "10.0.0.71" },
    );
    await app.services.usersRepository.update(id, { isActive: false });

    const profile = await app.inject({ method: "GET", url: "/api/auth/profile", headers });
    expect(profile.statusCode).toBe(401);
    const again = await login({ email: "gone@example.com", password: "gone-pass" }, "10.0.0.70");
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe("account_deactivated");
  });
});
