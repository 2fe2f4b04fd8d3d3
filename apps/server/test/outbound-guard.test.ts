import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { partnerConnections } from "../src/db/schema";
import {
  type AddressGuard,
  createAddressGuard,
  fetchText,
  OutboundError,
  sendRequest,
} from "../src/lib/outbound-http";
import { type FakeServer, sendJson, startFakeServer } from "./fake-http-server";
import { buildTestApp, loginAs } from "./helpers";

/**
 * The guard for addresses staff can set (issue 33, decision 220), over real sockets: an internal
 * service listens on every loopback address, and no spelling of an internal address reaches it.
 */
const secretAnswer = "INTERNAL-ADMIN-PANEL root:hunter2 do-not-leak";

let inside: FakeServer;
let guard: AddressGuard;

beforeAll(async () => {
  // "::" accepts IPv4 and IPv6: 127.0.0.1, ::1 and ::ffff:127.0.0.1 all reach it.
  inside = await startFakeServer((_request, response) => sendJson(response, 200, secretAnswer), {
    host: "::",
  });
  guard = createAddressGuard();
});
afterAll(async () => {
  await guard?.close();
  await inside?.close();
});

async function refusal(call: Promise<unknown>): Promise<OutboundError> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

describe("the address guard", () => {
  const port = () => inside.port;
  // Every spelling of the machine itself, and the internal ranges (nothing listens on most of
  // these here: without the guard they fail as "network" or "timeout", never as refused).
  const spellings: Array<[string, () => string]> = [
    ["127.0.0.1", () => `http://127.0.0.1:${port()}/`],
    ["127.1", () => `http://127.1:${port()}/`],
    ["2130706433 (decimal)", () => `http://2130706433:${port()}/`],
    ["0x7f000001 (hex)", () => `http://0x7f000001:${port()}/`],
    ["0177.0.0.1 (octal)", () => `http://0177.0.0.1:${port()}/`],
    ["127.0.0.2 (rest of 127/8)", () => `http://127.0.0.2:${port()}/`],
    ["0.0.0.0", () => `http://0.0.0.0:${port()}/`],
    ["localhost (a name)", () => `http://localhost:${port()}/`],
    ["[::1]", () => `http://[::1]:${port()}/`],
    ["[::ffff:127.0.0.1] (IPv4-mapped)", () => `http://[::ffff:127.0.0.1]:${port()}/`],
    ["[::ffff:7f00:1] (IPv4-mapped, hex)", () => `http://[::ffff:7f00:1]:${port()}/`],
    ["[::] (unspecified)", () => `http://[::]:${port()}/`],
    ["169.254.169.254 (cloud metadata)", () => "http://169.254.169.254/latest/meta-data/"],
    ["[::ffff:169.254.169.254] (metadata, mapped)", () => "http://[::ffff:169.254.169.254]/"],
    ["[fd00:ec2::254] (metadata, IPv6)", () => "http://[fd00:ec2::254]/"],
    ["10.0.0.1 (private)", () => "http://10.0.0.1/"],
    ["172.16.5.4 (private)", () => "http://172.16.5.4/"],
    ["192.168.1.1 (private)", () => "http://192.168.1.1/"],
    ["100.64.0.1 (CGNAT)", () => "http://100.64.0.1/"],
    ["100.100.100.200 (CGNAT metadata)", () => "http://100.100.100.200/"],
    ["224.0.0.1 (multicast)", () => "http://224.0.0.1/"],
    ["[fe80::1] (link-local)", () => "http://[fe80::1]/"],
    ["[fc00::1] (unique local)", () => "http://[fc00::1]/"],
    ["[ff02::1] (multicast)", () => "http://[ff02::1]/"],
  ];

  it.each(spellings)("refuses %s before connecting", async (_name, url) => {
    const connectionsBefore = inside.connections;
    for (const call of [
      () =>
        sendRequest({
          method: "POST",
          url: url(),
          body: "{}",
          timeoutMs: 10_000,
          maxBytes: 1e6,
          guard,
        }),
      () => fetchText({ url: url(), timeoutMs: 10_000, maxBytes: 1e6, guard }),
    ]) {
      const error = await refusal(call());
      expect(error.kind).toBe("forbidden_address");
      expect(error.message).toContain("internal address");
      expect(error.message).not.toContain(secretAnswer);
    }
    expect(inside.connections).toBe(connectionsBefore);
  });

  it("lets public addresses through the check, and refuses other protocols", () => {
    expect(guard.allows("93.184.216.34")).toBe(true);
    expect(guard.allows("2606:4700:4700::1111")).toBe(true);
    expect(guard.allows("::ffff:93.184.216.34")).toBe(true);
    expect(guard.allows("not an address")).toBe(false);
  });

  it("reaches an internal address the operator allowed, in any of its spellings", async () => {
    const allowing = createAddressGuard({ allowPrivate: ["127.0.0.1/32", "::1/128"] });
    try {
      for (const url of [
        `http://127.0.0.1:${port()}/`,
        `http://127.1:${port()}/`,
        `http://2130706433:${port()}/`,
        `http://[::1]:${port()}/`,
        `http://[::ffff:127.0.0.1]:${port()}/`,
      ]) {
        const answer = await fetchText({ url, timeoutMs: 10_000, maxBytes: 1e6, guard: allowing });
        expect(answer.status).toBe(200);
      }
      // 127.0.0.2 is not in the allowed ranges.
      const error = await refusal(
        fetchText({
          url: `http://127.0.0.2:${port()}/`,
          timeoutMs: 10_000,
          maxBytes: 1e6,
          guard: allowing,
        }),
      );
      expect(error.kind).toBe("forbidden_address");
    } finally {
      await allowing.close();
    }
  });

  it("refuses a redirect from an allowed address to an internal one", async () => {
    const allowing = createAddressGuard({ allowPrivate: ["127.0.0.2/32"] });
    const outside = await startFakeServer(
      (request, response) => {
        response.statusCode = 302;
        response.setHeader(
          "location",
          request.path === "/decimal"
            ? `http://2130706433:${port()}/`
            : `http://127.0.0.1:${port()}/`,
        );
        response.end();
      },
      { host: "127.0.0.2" },
    );
    try {
      const connectionsBefore = inside.connections;
      for (const path of ["/plain", "/decimal"]) {
        const error = await refusal(
          fetchText({
            url: `${outside.url}${path}`,
            timeoutMs: 10_000,
            maxBytes: 1e6,
            guard: allowing,
          }),
        );
        expect(error.kind).toBe("forbidden_address");
        const followed = await refusal(
          sendRequest({
            method: "GET",
            url: `${outside.url}${path}`,
            timeoutMs: 10_000,
            maxBytes: 1e6,
            followRedirects: true,
            guard: allowing,
          }),
        );
        expect(followed.kind).toBe("forbidden_address");
      }
      expect(outside.requests.length).toBe(4);
      expect(inside.connections).toBe(connectionsBefore);
    } finally {
      await allowing.close();
      await outside.close();
    }
  });

  it("never puts the remote's error text into the message of a guarded call", async () => {
    const allowing = createAddressGuard({ allowPrivate: ["127.0.0.1/32"] });
    const talkative = await startFakeServer((_request, response) =>
      sendJson(response, 401, { error: { message: secretAnswer } }),
    );
    try {
      const guarded = await refusal(
        sendRequest({
          method: "GET",
          url: talkative.url,
          timeoutMs: 10_000,
          maxBytes: 1e6,
          guard: allowing,
        }),
      );
      expect(guarded.status).toBe(401);
      expect(guarded.message).not.toContain(secretAnswer);
      // An operator's own service (no guard) keeps its explanation, as before.
      const trusted = await refusal(
        sendRequest({ method: "GET", url: talkative.url, timeoutMs: 10_000, maxBytes: 1e6 }),
      );
      expect(trusted.message).toContain(secretAnswer);
    } finally {
      await allowing.close();
      await talkative.close();
    }
  });
});

describe("partner connections set in the dashboard", () => {
  let app: FastifyInstance;
  let admin: { authorization: string };
  let editor: { authorization: string };

  beforeAll(async () => {
    app = await buildTestApp();
    admin = await loginAs(app, "admin");
    editor = await loginAs(app, "editor");
  });
  afterAll(async () => {
    await app?.close();
  });

  const internal: Array<[string, () => string]> = [
    ["127.1", () => `http://127.1:${inside.port}`],
    ["2130706433", () => `http://2130706433:${inside.port}`],
    ["0.0.0.0", () => `http://0.0.0.0:${inside.port}`],
    ["localhost", () => `http://localhost:${inside.port}`],
    ["[::ffff:127.0.0.1]", () => `http://[::ffff:127.0.0.1]:${inside.port}`],
    ["169.254.169.254", () => "http://169.254.169.254"],
  ];
  /** A public address: saved without a connection being made. */
  const publicUrl = "http://93.184.215.14";
  const save = (kind: "wordpress" | "webhook", url: string) =>
    app.inject({
      method: "POST",
      url: "/api/aurumwire/partners",
      headers: admin,
      payload: {
        name: `Partner ${kind} ${Math.random().toString(36).slice(2, 7)}`,
        kind,
        url,
        username: kind === "wordpress" ? "syndication" : undefined,
        secret: "abcd EFGH 1234 ijkl",
      },
    });

  it.each(internal)("refuses to save %s, with a sentence saying why", async (_name, url) => {
    for (const kind of ["wordpress", "webhook"] as const) {
      const refused = await save(kind, url());
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ code: "internal_address" });
      expect(refused.json().error).toContain("is an internal address");
      expect(refused.json().fields.url).toContain("OUTBOUND_ALLOW_PRIVATE");
      // Nor can a saved connection be moved inside.
      const saved = await save(kind, publicUrl);
      expect(saved.statusCode, saved.body).toBe(201);
      const moved = await app.inject({
        method: "PUT",
        url: `/api/aurumwire/partners/${saved.json().data.partner.id}`,
        headers: admin,
        payload: { url: url() },
      });
      expect(moved.statusCode, moved.body).toBe(400);
      expect(moved.json().code).toBe("internal_address");
    }
  });

  it.each(internal)(
    "cannot reach %s from a connection saved before the check, and the connection test says why in our words",
    async (_name, url) => {
      const connectionsBefore = inside.connections;
      for (const kind of ["wordpress", "webhook"] as const) {
        const created = await save(kind, publicUrl);
        expect(created.statusCode, created.body).toBe(201);
        const partner = created.json().data.partner as { id: number };
        // A row from before the save-time check (or a name that resolves inside only later).
        await app.database.db
          .update(partnerConnections)
          .set({ url: url() })
          .where(eq(partnerConnections.id, partner.id));
        const tested = await app.inject({
          method: "GET",
          url: `/api/aurumwire/test?partnerId=${partner.id}`,
          headers: editor,
        });
        expect(tested.statusCode, tested.body).toBe(200);
        const result = tested.json().data;
        expect(result.ok).toBe(false);
        expect(result.message).toContain("leads inside our own network");
        expect(tested.body).not.toContain(secretAnswer);
      }
      expect(inside.connections).toBe(connectionsBefore);
    },
  );
});
