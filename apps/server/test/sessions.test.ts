import type { FastifyInstance } from "fastify";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, loginAs, signUpReader } from "./helpers";

/** Revocable sessions (issue 31, decision 200). */
let app: FastifyInstance;
let adminHeaders: { authorization: string };

beforeAll(async () => {
  app = await buildTestApp();
  adminHeaders = await loginAs(app, "admin");
});
afterAll(async () => {
  await app?.close();
});

const chromeOnWindows =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const safariOnIphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

let accounts = 0;
/** A fresh reader account (so one test's sessions never meet another's). */
async function newAccount() {
  accounts += 1;
  const credentials = { email: `session-${accounts}@example.com`, password: "session-pass-1" };
  const { id } = await signUpReader(
    app,
    { ...credentials, firstName: "Sess", lastName: "Ion" },
    { remoteAddress: `10.31.0.${accounts}` },
  );
  return { ...credentials, id };
}

async function signIn(
  credentials: { email: string; password: string },
  userAgent = chromeOnWindows,
  ip = "10.31.1.1",
) {
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: credentials.email, password: credentials.password },
    headers: { "user-agent": userAgent },
    remoteAddress: ip,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${response.json().token}` };
}

const profileStatus = async (headers: { authorization: string }) =>
  (await app.inject({ method: "GET", url: "/api/auth/profile", headers })).statusCode;

const listSessions = async (headers: { authorization: string }) => {
  const response = await app.inject({ method: "GET", url: "/api/auth/sessions", headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().sessions as Array<{
    id: string;
    device: string;
    ipAddress: string;
    current: boolean;
    lastSeenAt: string;
  }>;
};

describe("the session list", () => {
  it("lists each sign-in with its device and address, the current one marked", async () => {
    const account = await newAccount();
    const laptop = await signIn(account, chromeOnWindows, "10.31.2.1");
    await signIn(account, safariOnIphone, "10.31.2.2");
    const sessions = await listSessions(laptop);
    // The registration signed in too.
    expect(sessions).toHaveLength(3);
    const current = sessions.filter((session) => session.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ device: "Chrome on Windows", ipAddress: "10.31.2.1" });
    expect(sessions.map((session) => session.device)).toContain("Safari on iOS");
    expect(JSON.stringify(sessions)).not.toMatch(/ey[A-Za-z0-9_-]{10,}\./);
  });

  it("answers 401 without a sign-in", async () => {
    const response = await app.inject({ method: "GET", url: "/api/auth/sessions" });
    expect(response.statusCode).toBe(401);
  });
});

describe("ending sessions", () => {
  it("signs out one session: its token is refused at once, the others go on", async () => {
    const account = await newAccount();
    const laptop = await signIn(account);
    const phone = await signIn(account, safariOnIphone);
    const phoneSession = (await listSessions(phone)).find((session) => session.current)!;

    const ended = await app.inject({
      method: "DELETE",
      url: `/api/auth/sessions/${phoneSession.id}`,
      headers: laptop,
    });
    expect(ended.statusCode).toBe(204);
    const refused = await app.inject({ method: "GET", url: "/api/auth/profile", headers: phone });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      error: "Your session has ended. Please log in again.",
      code: "session_ended",
    });
    expect(await profileStatus(laptop)).toBe(200);
    expect((await listSessions(laptop)).map((session) => session.id)).not.toContain(
      phoneSession.id,
    );
  });

  it("refuses to end another person's session, which stays signed in", async () => {
    const victim = await newAccount();
    const victimHeaders = await signIn(victim);
    const victimSession = (await listSessions(victimHeaders)).find((session) => session.current)!;

    const refused = await app.inject({
      method: "DELETE",
      url: `/api/auth/sessions/${victimSession.id}`,
      headers: adminHeaders,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({
      error: "This session is not one of your open sessions. It may have ended already.",
      code: "session_not_found",
    });
    expect(await profileStatus(victimHeaders)).toBe(200);
  });

  it("answers 400 for a malformed session id", async () => {
    const response = await app.inject({
      method: "DELETE",
      url: "/api/auth/sessions/not-a-session",
      headers: adminHeaders,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("validation_failed");
  });

  it("signs out everywhere else and keeps the current session", async () => {
    const account = await newAccount();
    const kept = await signIn(account);
    const others = [await signIn(account, safariOnIphone), await signIn(account)];
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/sessions/revoke-others",
      headers: kept,
    });
    expect(response.statusCode).toBe(200);
    // Two sign-ins and the registration's own session.
    expect(response.json()).toEqual({ ended: 3 });
    for (const headers of others) expect(await profileStatus(headers)).toBe(401);
    expect(await profileStatus(kept)).toBe(200);
    expect(await listSessions(kept)).toHaveLength(1);
  });

  it("logout ends the session of the token", async () => {
    const account = await newAccount();
    const headers = await signIn(account);
    const out = await app.inject({ method: "POST", url: "/api/auth/logout", headers });
    expect(out.statusCode).toBe(204);
    expect(await profileStatus(headers)).toBe(401);
  });

  it("a password change ends the other sessions and keeps this one", async () => {
    const account = await newAccount();
    const here = await signIn(account);
    const elsewhere = await signIn(account, safariOnIphone);
    const changed = await app.inject({
      method: "PUT",
      url: "/api/auth/profile",
      headers: here,
      payload: { currentPassword: account.password, newPassword: "session-pass-2" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await profileStatus(elsewhere)).toBe(401);
    expect(await profileStatus(here)).toBe(200);
    expect(await profileStatus({ authorization: `Bearer ${changed.json().token}` })).toBe(200);
  });

  it("an admin's role change, password reset or deactivation ends every session of the user", async () => {
    const account = await newAccount();
    const change = async (method: "PUT" | "DELETE", url: string, payload?: object) => {
      const response = await app.inject({ method, url, headers: adminHeaders, payload });
      expect(response.statusCode, response.body).toBe(200);
    };

    let headers = await signIn(account);
    await change("PUT", `/api/users/${account.id}`, { role: "author" });
    expect(await profileStatus(headers)).toBe(401);

    headers = await signIn(account);
    await change("PUT", `/api/users/${account.id}/password`, { new_password: "session-pass-3" });
    expect(await profileStatus(headers)).toBe(401);

    headers = await signIn({ ...account, password: "session-pass-3" });
    await change("DELETE", `/api/users/${account.id}`);
    expect(await profileStatus(headers)).toBe(401);
    expect(await listSessions(adminHeaders)).not.toHaveLength(0);
  });

  it("refuses a token signed before sessions existed (no session id in it)", async () => {
    const legacy = await new SignJWT({ role: "admin", ver: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("1")
      .setIssuer("aurumwire")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(app.config.jwtSecret));
    expect(await profileStatus({ authorization: `Bearer ${legacy}` })).toBe(401);
  });

  it("refuses a well-signed token whose session id was never issued", async () => {
    const forged = await new SignJWT({
      role: "admin",
      ver: 0,
      sid: "00000000-0000-4000-8000-000000000000",
    })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("1")
      .setIssuer("aurumwire")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(app.config.jwtSecret));
    expect(await profileStatus({ authorization: `Bearer ${forged}` })).toBe(401);
  });
});
