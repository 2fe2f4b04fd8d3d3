import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeSmtpServer } from "./fake-smtp-server";
import { buildTestApp, loginAs } from "./helpers";

let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
let app: FastifyInstance;
let plain: FastifyInstance;
let admin: { authorization: string };
let addressCounter = 0;

/** Each call from an address of its own, so the per-address limit meets only its own test. */
const subscribe = (target: FastifyInstance, email: string, remoteAddress?: string) =>
  target.inject({
    method: "POST",
    url: "/api/newsletter/subscribe",
    payload: { email },
    remoteAddress: remoteAddress ?? `10.0.0.${++addressCounter}`,
  });

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

async function subscriber(email: string) {
  const response = await app.inject({
    method: "GET",
    url: `/api/newsletter/subscribers?search=${encodeURIComponent(email)}`,
    headers: admin,
  });
  expect(response.statusCode).toBe(200);
  return response.json().subscribers.find((row: { email: string }) => row.email === email);
}

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  app = await buildTestApp({
    mail: { smtpUrl: smtp.url, from: "AurumWire <news@aurumwire.test>", timeoutMs: 10_000 },
  });
  plain = await buildTestApp();
  admin = await loginAs(app, "admin");
});
afterAll(async () => {
  await app?.close();
  await plain?.close();
  await smtp?.close();
});

describe("newsletter without SMTP", () => {
  it("keeps the subscription pending and says no mail went out", async () => {
    const response = await subscribe(plain, "nomail@example.com");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ confirmationSent: false });
    expect(response.json().message).toMatch(/cannot send e-mail right now/);
    const plainAdmin = await loginAs(plain, "admin");
    const list = await plain.inject({
      method: "GET",
      url: "/api/newsletter/subscribers",
      headers: plainAdmin,
    });
    expect(list.json()).toMatchObject({
      mailConfigured: false,
      counts: { pending: 1, confirmed: 0, unsubscribed: 0 },
    });
    // A run of the job sends nothing and claims nothing.
    expect(await plain.services.newsletter.runScheduledMail()).toEqual({
      confirmations: 0,
      digests: 0,
    });
  });
});

describe("newsletter with SMTP", () => {
  it("refuses an address that is not one, with a readable message", async () => {
    const response = await subscribe(app, "not-an-address");
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/valid email address/);
  });

  it("double opt-in: a confirmation mail with a signed link that confirms", async () => {
    const response = await subscribe(app, "Reader.One@Example.com");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ confirmationSent: true });
    // Queued in the mail outbox; its job sends it (issue 33).
    expect(smtp.mailsTo("reader.one@example.com")).toHaveLength(0);
    expect((await app.services.outbox.deliverDue()).sent).toBe(1);
    const [mail] = smtp.mailsTo("reader.one@example.com");
    expect(mail?.subject).toMatch(/Confirm your subscription/);
    expect(mail?.headers.from).toContain("news@aurumwire.test");
    expect((await subscriber("reader.one@example.com")).status).toBe("pending");

    const link = smtp.linkIn(mail!, `${app.config.publicUrl}/api/newsletter/confirm?token=`);
    // A link with a changed signature does nothing.
    const forged = await app.inject({ method: "GET", url: `${pathOf(link)}x` });
    expect(forged.statusCode).toBe(400);
    expect((await subscriber("reader.one@example.com")).status).toBe("pending");

    const confirmed = await app.inject({ method: "GET", url: pathOf(link) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.headers["content-type"]).toMatch(/text\/html/);
    expect(confirmed.body).toContain("Subscription confirmed");
    expect((await subscriber("reader.one@example.com")).status).toBe("confirmed");
  });

  it("a second subscribe of a confirmed address sends nothing and tells nothing", async () => {
    const before = smtp.mails.length;
    const again = await subscribe(app, "reader.one@example.com");
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toMatch(/if this address is not subscribed yet/);
    expect(smtp.mails.length).toBe(before);
  });

  it("a second subscribe of a pending address does not mail it again at once", async () => {
    await subscribe(app, "pending@example.com");
    await subscribe(app, "pending@example.com");
    await app.services.outbox.deliverDue();
    expect(smtp.mailsTo("pending@example.com")).toHaveLength(1);
  });

  it("sends the day's digest once, with one-click unsubscribe headers", async () => {
    const settings = await app.inject({
      method: "PUT",
      url: "/api/newsletter/settings",
      headers: admin,
      payload: { digestHour: 6 },
    });
    expect(settings.statusCode).toBe(200);
    const early = new Date();
    early.setUTCHours(5, 0, 0, 0);
    expect((await app.services.newsletter.runScheduledMail(undefined, early)).digests).toBe(0);

    const onTime = new Date();
    onTime.setUTCHours(6, 30, 0, 0);
    const confirmationOnly = smtp.mailsTo("reader.one@example.com").length;
    const run = await app.services.newsletter.runScheduledMail(undefined, onTime);
    expect(run.digests).toBe(1); // reader.one only: pending addresses get no digest
    // Queued in the mail outbox, sent by its job (issue 33).
    expect(smtp.mailsTo("reader.one@example.com")).toHaveLength(confirmationOnly);
    expect((await app.services.outbox.deliverDue()).sent).toBe(1);
    const digest = smtp.mailsTo("reader.one@example.com").at(-1)!;
    expect(digest.subject).toMatch(/^AurumWire Daily: /);
    expect(digest.text).toMatch(/\/article\/[a-z0-9-]+/);
    expect(digest.headers["list-unsubscribe"]).toMatch(
      /^<http:\/\/.+\/api\/newsletter\/unsubscribe\?token=.+>$/,
    );
    expect(digest.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");

    const again = await app.services.newsletter.runScheduledMail(undefined, onTime);
    expect(again.digests).toBe(0);
  });

  it("unsubscribes with the digest's link, and one-click POST works too", async () => {
    const digest = smtp.mailsTo("reader.one@example.com").at(-1)!;
    const link = smtp.linkIn(digest, `${app.config.publicUrl}/api/newsletter/unsubscribe?token=`);
    const oneClick = await app.inject({
      method: "POST",
      url: pathOf(link),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode).toBe(200);
    expect((await subscriber("reader.one@example.com")).status).toBe("unsubscribed");
    const viaLink = await app.inject({ method: "GET", url: pathOf(link) });
    expect(viaLink.statusCode).toBe(200);
    expect(viaLink.body).toContain("You are unsubscribed");
  });

  it("subscribing again after unsubscribing needs a new confirmation; the old link is dead", async () => {
    const oldLink = smtp.linkIn(
      smtp.mailsTo("reader.one@example.com")[0]!,
      `${app.config.publicUrl}/api/newsletter/confirm?token=`,
    );
    const response = await subscribe(app, "reader.one@example.com");
    expect(response.json().confirmationSent).toBe(true);
    expect((await subscriber("reader.one@example.com")).status).toBe("pending");
    const stale = await app.inject({ method: "GET", url: pathOf(oldLink) });
    expect(stale.statusCode).toBe(400);
    await app.services.outbox.deliverDue();
    const fresh = smtp.linkIn(
      smtp.mailsTo("reader.one@example.com").at(-1)!,
      `${app.config.publicUrl}/api/newsletter/confirm?token=`,
    );
    expect((await app.inject({ method: "GET", url: pathOf(fresh) })).statusCode).toBe(200);
    expect((await subscriber("reader.one@example.com")).status).toBe("confirmed");
  });

  it("retries a digest the server put off (451), and gives up on one it refused (550)", async () => {
    const day = new Date();
    day.setUTCDate(day.getUTCDate() + 1);
    day.setUTCHours(12, 0, 0, 0);
    const before = smtp.mailsTo("reader.one@example.com").length;
    expect((await app.services.newsletter.runScheduledMail(undefined, day)).digests).toBe(1);
    smtp.setBehaviour("reject-temporary");
    expect(await app.services.outbox.deliverDue()).toMatchObject({ sent: 0, retrying: 1 });
    smtp.setBehaviour("accept");
    // Queued once: a second run of the job the same day adds nothing; the outbox retries.
    expect((await app.services.newsletter.runScheduledMail(undefined, day)).digests).toBe(0);
    const later = new Date(Date.now() + 2 * 60_000);
    expect((await app.services.outbox.deliverDue(undefined, later)).sent).toBe(1);
    expect(smtp.mailsTo("reader.one@example.com")).toHaveLength(before + 1);

    day.setUTCDate(day.getUTCDate() + 1);
    expect((await app.services.newsletter.runScheduledMail(undefined, day)).digests).toBe(1);
    smtp.setBehaviour("reject-permanent");
    expect(await app.services.outbox.deliverDue()).toMatchObject({ sent: 0, failed: 1 });
    smtp.setBehaviour("accept");
    expect((await app.services.newsletter.runScheduledMail(undefined, day)).digests).toBe(0);
    expect(await app.services.outbox.deliverDue(undefined, later)).toMatchObject({ sent: 0 });
  });

  it("two runs at once (two instances) send one day's digest once", async () => {
    const day = new Date();
    day.setUTCDate(day.getUTCDate() + 5);
    day.setUTCHours(12, 0, 0, 0);
    const before = smtp.mailsTo("reader.one@example.com").length;
    const runs = await Promise.all([
      app.services.newsletter.runScheduledMail(undefined, day),
      app.services.newsletter.runScheduledMail(undefined, day),
    ]);
    expect(runs[0].digests + runs[1].digests).toBe(1);
    await app.services.outbox.deliverDue();
    expect(smtp.mailsTo("reader.one@example.com").length).toBe(before + 1);
  });

  it("a mail server that never answers holds neither the subscription nor the mail", async () => {
    smtp.setBehaviour("hang");
    const response = await subscribe(app, "slow@example.com");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ confirmationSent: true });
    // The job's send gives up at the mailer's limit, and the mail is tried again later.
    expect(await app.services.outbox.deliverDue()).toMatchObject({ sent: 0, retrying: 1 });
    smtp.setBehaviour("accept");
    const later = new Date(Date.now() + 2 * 60_000);
    expect((await app.services.outbox.deliverDue(undefined, later)).sent).toBe(1);
    expect(smtp.mailsTo("slow@example.com")).toHaveLength(1);
  });

  it("limits subscriptions per address", async () => {
    const codes: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      codes.push((await subscribe(app, `burst${index}@example.com`, "10.9.9.9")).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("answers a form posted without JavaScript with a page", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/newsletter/subscribe",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "email=form.reader%40example.com",
      remoteAddress: "10.8.8.8",
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
    expect(response.body).toContain("check your inbox");
  });
});

describe("Subscribers screen", () => {
  it("counts, searches, exports and removes, for admins only", async () => {
    const list = await app.inject({
      method: "GET",
      url: "/api/newsletter/subscribers",
      headers: admin,
    });
    const body = list.json();
    expect(body.mailConfigured).toBe(true);
    expect(body.settings).toEqual({ digestHour: 6 });
    expect(body.counts.confirmed).toBeGreaterThanOrEqual(1);
    expect(body.counts.pending).toBeGreaterThanOrEqual(2);

    const csv = await app.inject({
      method: "GET",
      url: "/api/newsletter/subscribers/export",
      headers: admin,
    });
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    expect(csv.headers["content-disposition"]).toMatch(
      /attachment; filename="newsletter-subscribers-/,
    );
    expect(csv.body.split("\r\n")[0]).toBe(
      "email,status,subscribed_at,confirmed_at,unsubscribed_at,last_digest_on",
    );
    expect(csv.body).toContain("reader.one@example.com,confirmed,");

    const target = await subscriber("pending@example.com");
    const removed = await app.inject({
      method: "DELETE",
      url: `/api/newsletter/subscribers/${target.id}`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(204);
    expect(await subscriber("pending@example.com")).toBeUndefined();

    const editor = await loginAs(app, "editor");
    for (const url of ["/api/newsletter/subscribers", "/api/newsletter/subscribers/export"]) {
      expect((await app.inject({ method: "GET", url, headers: editor })).statusCode).toBe(403);
    }
  });
});
