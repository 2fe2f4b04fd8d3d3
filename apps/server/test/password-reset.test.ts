import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeSmtpServer } from "./fake-smtp-server";
import { buildTestApp, signUpReader } from "./helpers";

/** "Forgot password?" (issue 33's point, built under issue 31; decision 201). */
let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
let app: FastifyInstance;
let accounts = 0;

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  app = await buildTestApp({
    mail: { smtpUrl: smtp.url, from: "AurumWire <news@aurumwire.test>", timeoutMs: 10_000 },
  });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const sameAnswer = {
  message:
    "If an account uses this address, we have sent it a link to choose a new password. The link works for 1 hour.",
};

async function newAccount() {
  accounts += 1;
  const account = { email: `forgetful-${accounts}@example.com`, password: "old-password-1" };
  const { token } = await signUpReader(
    app,
    { ...account, firstName: "For", lastName: "Getful" },
    { remoteAddress: `10.33.0.${accounts}`, smtp },
  );
  return { ...account, token };
}

const forgot = (email: unknown, ip = "10.33.1.1") =>
  app.inject({
    method: "POST",
    url: "/api/auth/forgot-password",
    payload: { email } as object,
    remoteAddress: ip,
  });
const reset = (payload: object) =>
  app.inject({ method: "POST", url: "/api/auth/reset-password", payload });
const login = (email: string, password: string) =>
  app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    remoteAddress: "10.33.2.1",
  });

/** The reset link mailed to an address (queued after the answer, sent by the outbox job). */
async function resetLinkFor(email: string, nth = 1): Promise<string> {
  const resetMails = () =>
    smtp.mailsTo(email).filter((mail) => mail.subject === "Reset your AurumWire password");
  const deadline = Date.now() + 60_000;
  while (resetMails().length < nth) {
    if (Date.now() > deadline) throw new Error(`no reset mail for ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The mail outbox's job sends what was queued (issue 33).
    await app.services.outbox.deliverDue();
  }
  const mail = resetMails()[nth - 1]!;
  const link = new URL(smtp.linkIn(mail, `${app.config.publicUrl}/reset-password?token=`));
  return link.searchParams.get("token")!;
}

describe("asking for a reset link", () => {
  it("answers 202 with the same sentence for an account and for an unknown address", async () => {
    const account = await newAccount();
    const known = await forgot(account.email);
    const unknown = await forgot("nobody-here@example.com");
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual(sameAnswer);
    expect(unknown.json()).toEqual(sameAnswer);
    await resetLinkFor(account.email);
    expect(smtp.mailsTo("nobody-here@example.com")).toHaveLength(0);
    expect(smtp.mailsTo(account.email).map((mail) => mail.subject)).toEqual([
      "Finish creating your AurumWire account",
      "Reset your AurumWire password",
    ]);
  });

  it("refuses a malformed address with 400 and a sentence", async () => {
    const response = await forgot("not an address");
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.email).toBe("Please enter a valid email address");
  });

  it("limits the requests of one address with 429 and Retry-After", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await forgot(`someone-${attempt}@example.com`, "10.33.9.9")).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(202));
    const refused = await forgot("someone@example.com", "10.33.9.9");
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(refused.json().code).toBe("password_reset_rate_limited");
  });
});

describe("using the link", () => {
  it("sets the new password once, ends every session, and the link cannot be used again", async () => {
    const account = await newAccount();
    await forgot(account.email);
    const token = await resetLinkFor(account.email);

    const done = await reset({ token, password: "new-password-2" });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toMatch(/password has been changed/);
    const session = await app.inject({
      method: "GET",
      url: "/api/auth/profile",
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(session.statusCode).toBe(401);
    expect((await login(account.email, account.password)).statusCode).toBe(401);
    expect((await login(account.email, "new-password-2")).statusCode).toBe(200);

    const again = await reset({ token, password: "third-password-3" });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("reset_link_invalid");
    expect(again.json().error).toMatch(/used already/);
    expect((await login(account.email, "new-password-2")).statusCode).toBe(200);
  });

  it("of two uses at the same moment, exactly one wins", async () => {
    const account = await newAccount();
    await forgot(account.email);
    const token = await resetLinkFor(account.email);
    const answers = await Promise.all([
      reset({ token, password: "racing-password-a" }),
      reset({ token, password: "racing-password-b" }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it("refuses a tampered, an expired and a missing token, and a short password", async () => {
    const account = await newAccount();
    await forgot(account.email);
    const token = await resetLinkFor(account.email);

    const tampered = await reset({ token: `${token}x`, password: "whatever-123" });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().code).toBe("reset_link_invalid");

    const [, subject, version] = token.split(".");
    const expired = app.services.mailLinks
      .sign("password-reset", Number(subject), Number(version), -1000)
      .toString();
    const late = await reset({ token: expired, password: "whatever-123" });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: "reset_link_expired" });
    expect(late.json().error).toMatch(/expired/);

    // A link signed for another purpose (the sign-up check) does not reset anything.
    const otherPurpose = app.services.mailLinks.sign(
      "email-verify",
      Number(subject),
      Number(version),
      60_000,
    );
    expect((await reset({ token: otherPurpose, password: "whatever-123" })).statusCode).toBe(400);

    const missing = await reset({ password: "whatever-123" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.token).toMatch(/reset link is incomplete/);
    const short = await reset({ token, password: "x" });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toMatch(/at least/);
    // None of it changed the password, and the link still works.
    expect((await login(account.email, account.password)).statusCode).toBe(200);
    expect((await reset({ token, password: "finally-new-1" })).statusCode).toBe(200);
  });

  it("a password changed meanwhile in the profile makes the older link stop working", async () => {
    const account = await newAccount();
    await forgot(account.email);
    const token = await resetLinkFor(account.email);
    const changed = await app.inject({
      method: "PUT",
      url: "/api/auth/profile",
      headers: { authorization: `Bearer ${account.token}` },
      payload: { currentPassword: account.password, newPassword: "changed-in-profile" },
    });
    expect(changed.statusCode).toBe(200);
    const response = await reset({ token, password: "from-old-link-1" });
    expect(response.statusCode).toBe(400);
    expect((await login(account.email, "changed-in-profile")).statusCode).toBe(200);
  });
});
