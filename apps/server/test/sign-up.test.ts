import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../src/lib/passwords";
import { startFakeSmtpServer } from "./fake-smtp-server";
import { buildTestApp, demo } from "./helpers";

/**
 * Sign-up tells nobody who has an account (issue 33, decision 276): the same answer for a new and
 * a taken address; a new address gets a link that creates the account, the owner of a taken one
 * is told by mail. E-mail verification of accounts made before (decision 124) still works.
 */
let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
let app: FastifyInstance;
let plain: FastifyInstance;
let articleSlug: string;
let address = 0;

const register = (target: FastifyInstance, email: string, password = "Sign-up#2024") =>
  target.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { email, password, firstName: "Vera", lastName: "Fied" },
    remoteAddress: `10.2.0.${++address}`,
  });
const login = (target: FastifyInstance, email: string, password: string) =>
  target.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    remoteAddress: `10.2.1.${++address}`,
  });
const like = (target: FastifyInstance, token: string) =>
  target.inject({
    method: "POST",
    url: `/api/articles/${articleSlug}/like`,
    headers: { authorization: `Bearer ${token}` },
  });
const open = (target: FastifyInstance, link: string) => {
  const url = new URL(link);
  return target.inject({ method: "GET", url: `${url.pathname}${url.search}` });
};
/** The answer with the address taken out: what must not differ between two addresses. */
const shape = (response: { statusCode: number; headers: object; body: string }, email: string) => ({
  status: response.statusCode,
  contentType: (response.headers as Record<string, string>)["content-type"],
  body: response.body.replaceAll(email, "<email>"),
});

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  app = await buildTestApp({
    mail: { smtpUrl: smtp.url, from: "AurumWire <news@aurumwire.test>", timeoutMs: 10_000 },
  });
  plain = await buildTestApp();
  const list = await app.inject({ method: "GET", url: "/api/articles?limit=1" });
  articleSlug = list.json().articles[0].slug;
});
afterAll(async () => {
  await app?.close();
  await plain?.close();
  await smtp?.close();
});

describe("sign-up with e-mail", () => {
  it("answers a new and a taken address alike; the owner of the taken one is told by mail", async () => {
    const fresh = await register(app, "new.reader@example.com");
    const taken = await register(app, demo.reader.email, "attacker-pass");
    expect(fresh.statusCode).toBe(202);
    expect(shape(taken, demo.reader.email)).toEqual(shape(fresh, "new.reader@example.com"));
    expect(fresh.json()).toEqual({
      message:
        "Thanks! We sent a mail to new.reader@example.com with the next step. It can take a few minutes to arrive; please check your spam folder too.",
    });
    // Nothing is created before the link is opened, so a sign-in tells nothing either.
    expect((await login(app, "new.reader@example.com", "Sign-up#2024")).json().code).toBe(
      "invalid_credentials",
    );
    expect((await login(app, demo.reader.email, "attacker-pass")).json().code).toBe(
      "invalid_credentials",
    );

    // Both mails are queued in the outbox and sent by its job, to a real SMTP server.
    expect(smtp.mailsTo(demo.reader.email)).toHaveLength(0);
    expect(await app.services.outbox.deliverDue()).toMatchObject({ sent: 2, failed: 0 });
    const [owner] = smtp.mailsTo(demo.reader.email);
    expect(owner?.subject).toBe(
      "Someone tried to create an account with your address at AurumWire",
    );
    expect(owner?.text).toContain("You already have an account, so nothing was created or changed");
    expect(owner?.text).toContain(`${app.config.publicUrl}/forgot-password`);
    expect(owner?.text).not.toContain("complete-sign-up");
    // The owner's password is as it was.
    expect((await login(app, demo.reader.email, demo.reader.password)).statusCode).toBe(200);

    const [mail] = smtp.mailsTo("new.reader@example.com");
    expect(mail?.subject).toBe("Finish creating your AurumWire account");
    const link = smtp.linkIn(mail!, `${app.config.publicUrl}/api/auth/complete-sign-up?token=`);
    const forged = await open(app, `${link.slice(0, -3)}xyz`);
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain("This link does not work");
    const created = await open(app, link);
    expect(created.statusCode).toBe(200);
    expect(created.body).toContain("Your account is ready");
    const signedIn = await login(app, "new.reader@example.com", "Sign-up#2024");
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ role: "user", emailVerified: true });
    expect((await like(app, signedIn.json().token)).statusCode).toBe(200);
    // Opened again (a mail scanner, a second click): nothing new, a sentence that helps.
    const again = await open(app, link);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain("You already have an account");
  });

  it("a second sign-up of a taken address mails its owner only a few times an hour", async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await register(app, demo.editor.email)).statusCode).toBe(202);
    }
    await app.services.outbox.deliverDue();
    expect(smtp.mailsTo(demo.editor.email)).toHaveLength(3);
  });

  it("an account made before sign-up links asks for its address check, and may like once done", async () => {
    // Accounts made unverified under decision 124 (before decision 276) keep their check.
    const user = await app.services.usersRepository.insert({
      email: "older.reader@example.com",
      passwordHash: await hashPassword("older-pass"),
      firstName: "Olga",
      lastName: "Older",
      role: "user",
      emailVerified: false,
    });
    const { token } = (await login(app, user.email, "older-pass")).json();
    const refused = await like(app, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "email_not_verified" });
    const resend = () =>
      app.inject({
        method: "POST",
        url: "/api/auth/verify-email/resend",
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await resend()).json().message).toMatch(/We sent a new confirmation link/);
    await app.services.outbox.deliverDue();
    const [mail] = smtp.mailsTo(user.email);
    expect(mail?.subject).toMatch(/Confirm your e-mail address/);
    const link = smtp.linkIn(mail!, `${app.config.publicUrl}/api/auth/verify-email?token=`);
    expect((await open(app, `${link}0`)).statusCode).toBe(400);
    const opened = await open(app, link);
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain("E-mail address confirmed");
    expect((await like(app, token)).statusCode).toBe(200);
    await resend();
    await resend();
    await resend();
    expect((await resend()).json().message).toBe("Your e-mail address is confirmed.");
  });
});

describe("sign-up without e-mail", () => {
  it("answers a new and a taken address alike; the new account is made at once", async () => {
    const fresh = await register(plain, "nomail.reader@example.com");
    const taken = await register(plain, demo.author.email, "attacker-pass");
    expect(fresh.statusCode).toBe(202);
    expect(shape(taken, demo.author.email)).toEqual(shape(fresh, "nomail.reader@example.com"));
    expect(fresh.json().message).toMatch(/your account is ready: sign in/);
    const signedIn = await login(plain, "nomail.reader@example.com", "Sign-up#2024");
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.emailVerified).toBe(true);
    expect((await like(plain, signedIn.json().token)).statusCode).toBe(200);
    expect((await login(plain, demo.author.email, "attacker-pass")).statusCode).toBe(401);
    expect(await plain.services.outbox.pendingCount()).toBe(0);
  });
});
