import type { FastifyInstance } from "fastify";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, demo, loginAs, signUpReader } from "./helpers";

/** Two-factor sign-in (issue 31, decision 202). Codes are made here with otpauth, like an app. */
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

type Headers = { authorization: string };
let accounts = 0;

/** A fresh reader account at an address of its own (readers may enrol too). */
async function newAccount() {
  accounts += 1;
  const credentials = { email: `two-factor-${accounts}@example.com`, password: "two-factor-pass" };
  const address = `10.32.${accounts}.1`;
  const { headers } = await signUpReader(
    app,
    { ...credentials, firstName: "Two", lastName: "Factor" },
    { remoteAddress: address },
  );
  return { ...credentials, address, headers: headers as Headers };
}

const post = (url: string, payload: unknown, headers?: Headers, address = "10.32.0.1") =>
  app.inject({ method: "POST", url, payload: payload as object, headers, remoteAddress: address });

const codeAt = (secret: string, offsetMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetMs });

/** Set-up and confirmation; the secret and the recovery codes. */
async function enrol(headers: Headers) {
  const setup = await post("/api/auth/2fa/setup", {}, headers);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauthUri, qrCode } = setup.json();
  expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);
  expect(otpauthUri).toContain(`secret=${secret}`);
  expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  const confirmation = codeAt(secret);
  const enabled = await post("/api/auth/2fa/enable", { code: confirmation }, headers);
  expect(enabled.statusCode, enabled.body).toBe(200);
  const { recoveryCodes } = enabled.json() as { recoveryCodes: string[] };
  return { secret: secret as string, recoveryCodes, confirmation };
}

/** The password step: the challenge of the code step. */
async function passwordStep(account: { email: string; password: string; address: string }) {
  const response = await post(
    "/api/auth/login",
    { email: account.email, password: account.password },
    undefined,
    account.address,
  );
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
  return body.challenge as string;
}

const verify = (challenge: string, code: string, address: string) =>
  post("/api/auth/2fa/verify", { challenge, code }, undefined, address);

describe("enrolment", () => {
  it("enrols with a code of the QR's secret: ten recovery codes once, and sign-in asks a code", async () => {
    const account = await newAccount();
    const { recoveryCodes } = await enrol(account.headers);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const status = await app.inject({ method: "GET", url: "/api/auth/2fa", ...account });
    expect(status.json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    // No token without the code.
    const challenge = await passwordStep(account);
    expect(challenge).not.toContain("Bearer");
  });

  it("refuses a confirmation code from another secret and leaves two-factor off", async () => {
    const account = await newAccount();
    const setup = await post("/api/auth/2fa/setup", {}, account.headers);
    expect(setup.statusCode).toBe(200);
    const otherSecret = new Secret({ size: 20 }).base32;
    const refused = await post(
      "/api/auth/2fa/enable",
      { code: codeAt(otherSecret) },
      account.headers,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("invalid_code");
    expect(refused.json().error).toMatch(/does not match the QR code/);
    const status = await app.inject({ method: "GET", url: "/api/auth/2fa", ...account });
    expect(status.json().enabled).toBe(false);
    // Signing in still needs the password only.
    const login = await post(
      "/api/auth/login",
      { email: account.email, password: account.password },
      undefined,
      account.address,
    );
    expect(login.json().token).toEqual(expect.any(String));
  });

  it("refuses a second set-up while on, and enable without a set-up", async () => {
    const account = await newAccount();
    const early = await post("/api/auth/2fa/enable", { code: "123456" }, account.headers);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatch(/Start the set-up first/);
    await enrol(account.headers);
    const again = await post("/api/auth/2fa/setup", {}, account.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("two_factor_already_enabled");
  });
});

describe("the code step", () => {
  it("signs in with a code, and refuses the same code replayed in its window", async () => {
    const account = await newAccount();
    const { secret, confirmation } = await enrol(account.headers);
    // The confirmation code claimed its time-step: it cannot sign in (the same digits, not a
    // new code: the clock may have moved to the next step meanwhile).
    const replayedEnrolment = await verify(
      await passwordStep(account),
      confirmation,
      account.address,
    );
    expect(replayedEnrolment.statusCode).toBe(401);
    expect(replayedEnrolment.json().code).toBe("code_already_used");
    // The next time-step's code (accepted one step ahead) signs in once...
    const next = codeAt(secret, 30_000);
    const signedIn = await verify(await passwordStep(account), next, account.address);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const token = signedIn.json().token as string;
    const profile = await app.inject({
      method: "GET",
      url: "/api/auth/profile",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.json().user.email).toBe(account.email);
    // ...and never twice, even with a new challenge.
    const replayed = await verify(await passwordStep(account), next, account.address);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({
      code: "code_already_used",
      error: expect.stringMatching(/already been used/),
    });
  });

  it("tells a wrong code from an expired one, and signs in with neither", async () => {
    const account = await newAccount();
    const { secret } = await enrol(account.headers);
    const challenge = await passwordStep(account);
    const expired = await verify(challenge, codeAt(secret, -5 * 60_000), account.address);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({
      code: "code_expired",
      error: expect.stringMatching(/expired/),
    });
    const wrong = await verify(challenge, codeAt(new Secret({ size: 20 }).base32), account.address);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe("invalid_code");
    expect(wrong.json().token).toBeUndefined();
    // Both failures are in the audit log, with the address they came from (decision 203).
    const profile = await app.inject({ method: "GET", url: "/api/auth/profile", ...account });
    const log = await app.inject({
      method: "GET",
      url: "/api/audit-log?action=auth.two_factor_failed",
      headers: await loginAs(app, "admin"),
    });
    const mine = log
      .json()
      .entries.filter(
        (entry: { targetId: string }) => entry.targetId === String(profile.json().user.id),
      );
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ ipAddress: account.address, actor: { role: "user" } });
  });

  it("takes a recovery code once; the second use is refused", async () => {
    const account = await newAccount();
    const { recoveryCodes } = await enrol(account.headers);
    const first = await verify(await passwordStep(account), recoveryCodes[0]!, account.address);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().token).toEqual(expect.any(String));
    const second = await verify(await passwordStep(account), recoveryCodes[0]!, account.address);
    expect(second.statusCode).toBe(401);
    expect(second.json()).toMatchObject({
      code: "recovery_code_used",
      error: expect.stringMatching(/already been used/),
    });
    const status = await app.inject({
      method: "GET",
      url: "/api/auth/2fa",
      headers: { authorization: `Bearer ${first.json().token}` },
    });
    expect(status.json().recoveryCodesLeft).toBe(9);
  });

  it("refuses a tampered or missing challenge with a sentence", async () => {
    const tampered = await verify("two-factor-challenge.1.0.99999999999999.forged", "123456", "");
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json()).toMatchObject({
      code: "challenge_invalid",
      error: expect.stringMatching(/enter your password again/),
    });
    const missing = await post("/api/auth/2fa/verify", { code: "123456" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/sign-in step is missing/);
  });

  it("locks the code step out after repeated wrong codes, a right code included", async () => {
    const account = await newAccount();
    const { secret } = await enrol(account.headers);
    const challenge = await passwordStep(account);
    const wrongSecret = new Secret({ size: 20 }).base32;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      statuses.push((await verify(challenge, codeAt(wrongSecret), account.address)).statusCode);
    }
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses).toContain(429);
    const locked = await verify(challenge, codeAt(secret, 30_000), account.address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: "login_locked" });
  });
});

describe("turning it off", () => {
  it("takes the password and a code; a wrong password changes nothing", async () => {
    const account = await newAccount();
    const { secret } = await enrol(account.headers);
    const wrongPassword = await post(
      "/api/auth/2fa/disable",
      { password: "not-the-password", code: codeAt(secret, 30_000) },
      account.headers,
      account.address,
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error).toMatch(/password is not correct/);
    const off = await post(
      "/api/auth/2fa/disable",
      { password: account.password, code: codeAt(secret, 30_000) },
      account.headers,
      account.address,
    );
    expect(off.statusCode, off.body).toBe(204);
    const login = await post(
      "/api/auth/login",
      { email: account.email, password: account.password },
      undefined,
      account.address,
    );
    expect(login.json().token).toEqual(expect.any(String));
  });
});

describe("Require two-factor for all staff", () => {
  let admin: Headers;

  it("sends staff without it to enrol and refuses their staff calls until they have", async () => {
    admin = await loginAs(app, "admin");
    await enrol(admin);
    const on = await app.inject({
      method: "PUT",
      url: "/api/site-settings/security",
      headers: admin,
      payload: { requireStaffTwoFactor: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.requireStaffTwoFactor).toBe(true);

    const login = await post("/api/auth/login", demo.editor, undefined, "10.32.200.1");
    expect(login.statusCode).toBe(200);
    expect(login.json().twoFactorSetupRequired).toBe(true);
    const editor = { authorization: `Bearer ${login.json().token}` };
    const refused = await app.inject({
      method: "GET",
      url: "/api/admin/articles",
      headers: editor,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: "two_factor_setup_required",
      error: expect.stringMatching(/Set it up in your profile/),
    });
    const { secret } = await enrol(editor);
    const allowed = await app.inject({
      method: "GET",
      url: "/api/admin/articles",
      headers: editor,
    });
    expect(allowed.statusCode).toBe(200);
    // While required, staff cannot turn it off.
    const off = await post(
      "/api/auth/2fa/disable",
      { password: demo.editor.password, code: codeAt(secret, 30_000) },
      editor,
      "10.32.200.1",
    );
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe("two_factor_required");
    // Readers are not asked.
    const reader = await post("/api/auth/login", demo.reader, undefined, "10.32.200.2");
    expect(reader.json().twoFactorSetupRequired).toBeUndefined();
    expect(reader.json().token).toEqual(expect.any(String));
  });

  it("refuses the switch to anyone but an admin, and a non-boolean with a sentence", async () => {
    const reader = await loginAs(app, "reader");
    const refused = await app.inject({
      method: "PUT",
      url: "/api/site-settings/security",
      headers: reader,
      payload: { requireStaffTwoFactor: false },
    });
    expect(refused.statusCode).toBe(403);
    const malformed = await app.inject({
      method: "PUT",
      url: "/api/site-settings/security",
      headers: admin,
      payload: { requireStaffTwoFactor: "yes" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatch(/must be true or false/);
  });
});
