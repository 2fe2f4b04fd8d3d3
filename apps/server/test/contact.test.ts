import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeSmtpServer } from "./fake-smtp-server";
import { buildTestApp, loginAs } from "./helpers";

let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
let app: FastifyInstance;
let admin: { authorization: string };

const message = {
  name: "Satoshi Reader",
  email: "satoshi@example.com",
  subject: "Tip: exchange outage",
  message: "Withdrawals stopped at 09:00 UTC. <b>Not</b> HTML.",
};
const send = (payload: object, remoteAddress = "10.1.1.1") =>
  app.inject({ method: "POST", url: "/api/contact/messages", payload, remoteAddress });

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  app = await buildTestApp({
    mail: {
      smtpUrl: smtp.url,
      from: "AurumWire <news@aurumwire.test>",
      contactEmail: "desk@aurumwire.test",
      timeoutMs: 10_000,
    },
  });
  admin = await loginAs(app, "admin");
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const inbox = async (status = "inbox") =>
  (
    await app.inject({
      method: "GET",
      url: `/api/contact/messages?status=${status}`,
      headers: admin,
    })
  ).json();

describe("contact form", () => {
  it("keeps the spec's required fields with readable messages", async () => {
    const response = await send({ ...message, subject: " ", email: "nope" });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      subject: "Subject is required",
      email: "Please enter a valid email address",
    });
  });

  it("stores the message, mails it to CONTACT_EMAIL and lists it for admins", async () => {
    const response = await send(message);
    expect(response.statusCode).toBe(202);
    expect(response.json().message).toBe("Thank you for your message! We'll get back to you soon.");
    // Forwarded by the mail outbox's job (issue 33), not while the form waits.
    expect(smtp.mailsTo("desk@aurumwire.test")).toHaveLength(0);
    expect((await app.services.outbox.deliverDue()).sent).toBe(1);
    const [mail] = smtp.mailsTo("desk@aurumwire.test");
    expect(mail?.subject).toContain("Tip: exchange outage");
    expect(mail?.headers["reply-to"]).toContain("satoshi@example.com");
    expect(mail?.text).toContain("&lt;b&gt;Not&lt;/b&gt;");
    const list = await inbox();
    expect(list.counts).toEqual({ new: 1, read: 0, archived: 0 });
    expect(list.messages[0]).toMatchObject({ ...message, status: "new" });
    expect(list.messages[0].mailedAt).not.toBeNull();
  });

  it("keeps the message when the mail server refuses it", async () => {
    smtp.setBehaviour("reject-temporary");
    const response = await send({ ...message, subject: "Kept anyway" }, "10.1.1.2");
    expect((await app.services.outbox.deliverDue()).retrying).toBe(1);
    smtp.setBehaviour("accept");
    expect(response.statusCode).toBe(202);
    const kept = (await inbox()).messages.find(
      (row: { subject: string }) => row.subject === "Kept anyway",
    );
    expect(kept).toMatchObject({ status: "new", mailedAt: null });
  });

  it("drops what a bot sends through the honeypot, with the same answer", async () => {
    const before = (await inbox()).pagination.total;
    const response = await send({ ...message, website: "http://spam.example" }, "10.1.1.3");
    expect(response.statusCode).toBe(202);
    expect((await inbox()).pagination.total).toBe(before);
  });

  it("takes the form posted without JavaScript and answers with a page", async () => {
    const form = (fields: Record<string, string>, remoteAddress: string) =>
      app.inject({
        method: "POST",
        url: "/api/contact/messages",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams(fields).toString(),
        remoteAddress,
      });
    const posted = await form(
      { ...message, subject: "Posted without JavaScript", website: "" },
      "10.1.2.3",
    );
    expect(posted.statusCode).toBe(200);
    expect(posted.headers["content-type"]).toMatch(/text\/html/);
    expect(posted.body).toContain("Thank you for your message!");
    const stored = (await inbox()).messages.find(
      (row: { subject: string }) => row.subject === "Posted without JavaScript",
    );
    expect(stored).toMatchObject({ name: message.name, email: message.email });
    const incomplete = await form({ name: "", email: "not-an-address" }, "10.1.2.4");
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.headers["content-type"]).toMatch(/text\/html/);
    expect(incomplete.body).toContain("Message not sent");
  });

  it("limits messages per address", async () => {
    const codes: number[] = [];
    for (let index = 0; index < 6; index += 1)
      codes.push((await send(message, "10.1.1.9")).statusCode);
    expect(codes).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it("marks read and archives; only admins see the inbox", async () => {
    const [first] = (await inbox()).messages;
    const read = await app.inject({
      method: "PUT",
      url: `/api/contact/messages/${first.id}`,
      headers: admin,
      payload: { status: "read" },
    });
    expect(read.json().data.status).toBe("read");
    await app.inject({
      method: "PUT",
      url: `/api/contact/messages/${first.id}`,
      headers: admin,
      payload: { status: "archived" },
    });
    expect((await inbox()).messages.some((row: { id: number }) => row.id === first.id)).toBe(false);
    expect((await inbox("archived")).messages[0].id).toBe(first.id);
    const editor = await loginAs(app, "editor");
    const refused = await app.inject({
      method: "GET",
      url: "/api/contact/messages",
      headers: editor,
    });
    expect(refused.statusCode).toBe(403);
    const missing = await app.inject({
      method: "PUT",
      url: "/api/contact/messages/999999",
      headers: admin,
      payload: { status: "read" },
    });
    expect(missing.statusCode).toBe(404);
  });
});
