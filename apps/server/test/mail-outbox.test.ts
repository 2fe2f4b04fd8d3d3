import type { AddressInfo } from "node:net";
import { createServer, type Server, type Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNewsletterRepository } from "../src/modules/newsletter/repository";
import { startFakeSmtpServer } from "./fake-smtp-server";
import { buildTestApp, loginAs, openTestDatabase } from "./helpers";

/**
 * Issue 33: mail leaves the request path. Every mail goes into the outbox and the `mail:outbox`
 * job sends it, retrying while the mail server is away (decision 223).
 */
const from = "AurumWire <news@aurumwire.test>";
let address = 0;
const nextAddress = () => {
  address += 1;
  return `10.33.0.${address}`;
};
const register = (app: FastifyInstance, email: string) =>
  app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { email, password: "Sign-up#2024", firstName: "Ola", lastName: "Outbox" },
    remoteAddress: nextAddress(),
  });
const subscribe = (app: FastifyInstance, email: string) =>
  app.inject({
    method: "POST",
    url: "/api/newsletter/subscribe",
    payload: { email },
    remoteAddress: nextAddress(),
  });
const contact = (app: FastifyInstance, subject: string) =>
  app.inject({
    method: "POST",
    url: "/api/contact/messages",
    payload: { name: "Rita Reader", email: "rita@example.com", subject, message: "Hello desk." },
    remoteAddress: nextAddress(),
  });

describe("with a mail server that takes the connection and never answers", () => {
  let silent: Server;
  const sockets: Socket[] = [];
  let app: FastifyInstance;

  beforeAll(async () => {
    // Accepts, and never sends the SMTP greeting: a send would wait for the mailer's limit.
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    app = await buildTestApp({
      // Longer than the test's own limit: a request that waited for the mail would fail it.
      mail: {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from,
        contactEmail: "desk@aurumwire.test",
        timeoutMs: 600_000,
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent?.close(() => resolve()));
  });

  it("answers sign-up, newsletter, contact and forgot-password without waiting for it", async () => {
    const signedUp = await register(app, "hang.signup@example.com");
    expect(signedUp.statusCode, signedUp.body).toBe(202);
    const subscribed = await subscribe(app, "hang.news@example.com");
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    expect(subscribed.json().message).toContain("check your inbox");
    const sent = await contact(app, "Sent while the server hangs");
    expect(sent.statusCode).toBe(202);
    const forgot = await app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      // An account that exists (a sign-up's account is made only from its mail's link).
      payload: { email: "reader@aurumwire.test" },
      remoteAddress: nextAddress(),
    });
    expect(forgot.statusCode).toBe(202);
    // All of it waits in the outbox for the job; nothing was lost.
    await expect.poll(() => app.services.outbox.pendingCount()).toBe(4);
  });
});

describe("when the mail server is away and comes back", () => {
  let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    // A real SMTP server (smtp-server), stopped: its port refuses until it starts again.
    smtp = await startFakeSmtpServer();
    port = Number(new URL(smtp.url).port);
    await smtp.close();
    app = await buildTestApp({
      mail: {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from,
        contactEmail: "desk@aurumwire.test",
        timeoutMs: 10_000,
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it("keeps every mail, retries, and delivers each once when the server is back", async () => {
    expect((await contact(app, "Arrived during the outage")).statusCode).toBe(202);
    expect((await subscribe(app, "outage.news@example.com")).statusCode).toBe(200);
    expect((await register(app, "outage.signup@example.com")).statusCode).toBe(202);

    // The job's run while the server is away: nothing sent, all put off.
    const away = await app.services.outbox.deliverDue();
    expect(away).toEqual({ sent: 0, retrying: 3, failed: 0 });
    const admin = await loginAs(app, "admin");
    const inbox = async () =>
      (await app.inject({ method: "GET", url: "/api/contact/messages", headers: admin })).json()
        .messages as Array<{ subject: string; mailedAt: string | null }>;
    expect(
      (await inbox()).find((row) => row.subject === "Arrived during the outage"),
    ).toMatchObject({ mailedAt: null });
    // Not due again at once: the retry waits (a minute after the first failure).
    expect(await app.services.outbox.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });

    smtp = await startFakeSmtpServer({ port });
    const later = new Date(Date.now() + 2 * 60_000);
    // Two runs at once (two instances): each mail is claimed by one of them.
    const runs = await Promise.all([
      app.services.outbox.deliverDue(undefined, later),
      app.services.outbox.deliverDue(undefined, later),
    ]);
    expect(runs[0]!.sent + runs[1]!.sent).toBe(3);
    expect(smtp.mailsTo("desk@aurumwire.test")).toHaveLength(1);
    expect(smtp.mailsTo("desk@aurumwire.test")[0]!.subject).toContain("Arrived during the outage");
    expect(smtp.mailsTo("outage.news@example.com")).toHaveLength(1);
    expect(smtp.mailsTo("outage.signup@example.com")).toHaveLength(1);
    expect(
      (await inbox()).find((row) => row.subject === "Arrived during the outage")?.mailedAt,
    ).not.toBeNull();
    expect(await app.services.outbox.pendingCount()).toBe(0);
  });

  it("gives up on a mail the server refuses for good, and says so in Messages", async () => {
    smtp.setBehaviour("reject-permanent");
    expect((await contact(app, "Refused for good")).statusCode).toBe(202);
    expect(await app.services.outbox.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    smtp.setBehaviour("accept");
    expect(
      await app.services.outbox.deliverDue(undefined, new Date(Date.now() + 86_400_000)),
    ).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });
});

describe("the daily digest goes through the outbox", () => {
  const day = new Date();
  day.setUTCHours(12, 0, 0, 0);
  const readers = Array.from({ length: 6 }, (_, index) => `digest.${index}@example.com`);

  it("a stop while it is queued or sent resumes after the restart, and nobody gets it twice", async () => {
    const stopQueueing = new AbortController();
    const stopSending = new AbortController();
    // The server takes mails; after the second, the sender is stopped (as a server stop does).
    const smtp = await startFakeSmtpServer({
      onAccepted: (_mail, count) => count === 2 && stopSending.abort(),
    });
    const database = await openTestDatabase({
      mail: { smtpUrl: smtp.url, from, contactEmail: "desk@aurumwire.test", timeoutMs: 10_000 },
    });
    try {
      const first = await database.start();
      const subscribers = createNewsletterRepository(first.database.db);
      for (const email of readers) {
        const row = await subscribers.insertPending(email);
        await subscribers.confirm(row!.id, row!.tokenVersion);
      }
      // The digest run stops after three subscribers' mails are queued.
      let queued = 0;
      first.services.outbox.onQueued(() => {
        queued += 1;
        if (queued === 3) stopQueueing.abort();
      });
      const cut = await first.services.newsletter.runScheduledMail(stopQueueing.signal, day);
      expect(cut.digests).toBe(3);
      expect(smtp.mails).toHaveLength(0); // queued, not sent: the outbox job sends
      const sending = await first.services.outbox.deliverDue(stopSending.signal);
      expect(sending).toMatchObject({ sent: 2 });
      await first.close();

      const second = await database.start();
      try {
        // The restarted server queues the rest of the day's digest, then sends what is left.
        expect((await second.services.newsletter.runScheduledMail(undefined, day)).digests).toBe(3);
        expect(await second.services.outbox.deliverDue()).toMatchObject({ sent: 4, failed: 0 });
        expect((await second.services.newsletter.runScheduledMail(undefined, day)).digests).toBe(0);
        expect(await second.services.outbox.deliverDue()).toMatchObject({ sent: 0 });
      } finally {
        await second.close();
      }
      for (const email of readers) {
        const mails = smtp.mailsTo(email);
        expect(mails, email).toHaveLength(1);
        expect(mails[0]!.subject).toMatch(/^AurumWire Daily: /);
      }
    } finally {
      await database.close();
      await smtp.close();
    }
  });
});
