import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeSmtpServer } from "./fake-smtp-server";
import { buildTestApp } from "./helpers";

let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
let app: FastifyInstance;
let plain: FastifyInstance;
let articleSlug: string;

const register = (target: FastifyInstance, email: string) =>
  target.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { email, password: "Sign-up#2024", firstName: "Vera", lastName: "Fied" },
    remoteAddress: `10.2.0.${Math.floor(Math.random() * 250) + 1}`,
  });
const like = (target: FastifyInstance, token: string) =>
  target.inject({
    method: "POST",
    url: `/api/articles/${articleSlug}/like`,
    headers: { authorization: `Bearer ${token}` },
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

describe("sign-up e-mail verification", () => {
  it("with SMTP: a signed link is mailed, and the account cannot like until it is opened", async () => {
    const response = await register(app, "new.reader@example.com");
    expect(response.statusCode).toBe(201);
    const { token, user } = response.json();
    expect(user.emailVerified).toBe(false);
    const refused = await like(app, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "email_not_verified" });
    expect(refused.json().error).toMatch(/confirm your e-mail address before liking/);

    // Queued at sign-up, sent by the mail outbox's job (issue 33).
    await app.services.outbox.deliverDue();
    const [mail] = smtp.mailsTo("new.reader@example.com");
    expect(mail?.subject).toMatch(/Confirm your e-mail address/);
    const link = new URL(
      smtp.linkIn(mail!, `${app.config.publicUrl}/api/auth/verify-email?token=`),
    );
    const forged = await app.inject({ method: "GET", url: `${link.pathname}${link.search}0` });
    expect(forged.statusCode).toBe(400);
    const opened = await app.inject({ method: "GET", url: `${link.pathname}${link.search}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain("E-mail address confirmed");
    expect((await like(app, token)).statusCode).toBe(200);
  });

  it("sends a new link on request, a few times an hour", async () => {
    const { token } = (await register(app, "again@example.com")).json();
    const resend = () =>
      app.inject({
        method: "POST",
        url: "/api/auth/verify-email/resend",
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await resend()).json().message).toMatch(/We sent a new confirmation link/);
    await app.services.outbox.deliverDue();
    expect(smtp.mailsTo("again@example.com")).toHaveLength(2);
    await resend();
    await resend();
    expect((await resend()).statusCode).toBe(429);
  });

  it("without SMTP accounts count as verified and may like at once", async () => {
    const response = await register(plain, "nomail.reader@example.com");
    const { token, user } = response.json();
    expect(user.emailVerified).toBe(true);
    expect((await like(plain, token)).statusCode).toBe(200);
  });
});
