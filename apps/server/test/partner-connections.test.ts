import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { partnerConnections } from "../src/db/schema";
import { createSecretBox } from "../src/lib/secret-box";
import { guessPartnerKind } from "../src/modules/partners/service";
import { sendJson } from "./fake-http-server";
import { buildTestApp, loginAs } from "./helpers";
import {
  app,
  call,
  createPartner,
  editor,
  ghost,
  ghostKey,
  ghostServer,
  hook,
  hookServer,
  now,
  onboard,
  publishedArticle,
  usePartnerHarness,
  wp,
  wpServer,
} from "./partner-harness";

/**
 * Partner connections: secrets sealed and never answered, admins only, a real round trip on Test
 * Connection for each kind, and the default connection from PARTNER_API_URL / PARTNER_API_KEY.
 */
usePartnerHarness();

describe("partner connections", () => {
  it("stores the secret encrypted and never returns it", async () => {
    const partner = await createPartner();
    expect(partner.secretHint).toBe("••••ijkl");
    const listed = await call("GET", "/api/aurumwire/partners");
    expect(listed.body).not.toContain("abcd EFGH");
    const [row] = await app.database.db
      .select()
      .from(partnerConnections)
      .where(eq(partnerConnections.id, partner.id));
    expect(row.secretCiphertext).not.toContain("abcd");
    expect(row.secretCiphertext.startsWith("v1.")).toBe(true);
  });

  it("lets only admins change connections and explains bad input", async () => {
    const refused = await call(
      "POST",
      "/api/aurumwire/partners",
      { name: "x", kind: "webhook", url: hookServer.url, secret: "long enough" },
      editor,
    );
    expect(refused.statusCode).toBe(403);
    const noUser = await call("POST", "/api/aurumwire/partners", {
      name: "WP",
      kind: "wordpress",
      url: wpServer.url,
      secret: "long enough secret",
    });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.body).toContain("user name");
    const badGhost = await call("POST", "/api/aurumwire/partners", {
      name: "G",
      kind: "ghost",
      url: ghostServer.url,
      secret: "not-a-ghost-key",
    });
    expect(badGhost.statusCode).toBe(400);
    expect(badGhost.body).toContain("id:secret");
    const anonymous = await app.inject({ method: "GET", url: "/api/aurumwire/status" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("tests each kind with a real round trip and reports wrong credentials", async () => {
    const wordpress = await createPartner();
    const wpTest = await call("GET", `/api/aurumwire/test?partnerId=${wordpress.id}`);
    expect(wpTest.json().data).toMatchObject({ ok: true });
    expect(wp.posts.size).toBe(0); // the check is read-only: nothing is created on the partner

    const ghostPartner = await createPartner({
      kind: "ghost",
      url: ghostServer.url,
      username: null,
      secret: `${ghostKey.id}:${ghostKey.secretHex}`,
    });
    const ghostTest = await call("GET", `/api/aurumwire/test?partnerId=${ghostPartner.id}`);
    expect(ghostTest.json().data).toMatchObject({ ok: true });
    expect(ghost.posts.size).toBe(0);

    const webhook = await createPartner({
      kind: "webhook",
      url: `${hookServer.url}/hook`,
      username: null,
      secret: "webhook-shared-secret-123",
    });
    const hookTest = await call("GET", `/api/aurumwire/test?partnerId=${webhook.id}`);
    expect(hookTest.json().data).toMatchObject({ ok: true });
    expect(hook.received.at(-1)?.event).toBe("ping");

    const wrong = await createPartner({ secret: "wrong password here" });
    const wrongTest = await call("GET", `/api/aurumwire/test?partnerId=${wrong.id}`);
    expect(wrongTest.json().data.ok).toBe(false);
    // What is wrong, in our words; the partner's own answer text is never shown.
    expect(wrongTest.json().data.message).toContain(
      "refused the user name or application password",
    );
    expect(wrongTest.json().data.message).not.toContain("invalid application password");
    const status = await call("GET", `/api/aurumwire/status?partnerId=${wrong.id}`);
    expect(status.json().data.integration).toMatchObject({
      configured: true,
      connected: false,
      status: "error",
    });

    const wrongGhost = await createPartner({
      kind: "ghost",
      url: ghostServer.url,
      username: null,
      secret: `${ghostKey.id}:${"b2".repeat(32)}`,
    });
    const wrongGhostTest = await call("GET", `/api/aurumwire/test?partnerId=${wrongGhost.id}`);
    expect(wrongGhostTest.json().data.message).toContain("refused the Admin API key");
    expect(wrongGhostTest.json().data.message).not.toContain("invalid signature");
  });

  it("shows a Failed connection as Connected again after a later successful push", async () => {
    const partner = await createPartner({ maxArticles: 5 });
    const health = async () => {
      const listed = (await call("GET", "/api/aurumwire/partners")).json().data.partners as {
        id: number;
        lastCheckOk: boolean | null;
      }[];
      const status = (await call("GET", `/api/aurumwire/status?partnerId=${partner.id}`)).json()
        .data.integration;
      return { listed: listed.find((row) => row.id === partner.id)?.lastCheckOk, status };
    };
    // The partner refuses us: Test Connection fails and so does a push.
    wpServer.setHandler((_request, response) =>
      sendJson(response, 401, { code: "rest_not_logged_in", message: "Not logged in." }),
    );
    expect((await call("GET", `/api/aurumwire/test?partnerId=${partner.id}`)).json().data.ok).toBe(
      false,
    );
    const refused = await onboard((await publishedArticle()).id, partner.id);
    expect(refused.json().data.push.status).toBe("failed");
    expect(await health()).toMatchObject({
      listed: false,
      status: { connected: false, status: "error" },
    });

    // The partner takes us again: the next push succeeds and the connection is Connected.
    wpServer.setHandler(wp.handler);
    const sent = await onboard((await publishedArticle()).id, partner.id);
    expect(sent.json().data.push.status).toBe("sent");
    expect(await health()).toMatchObject({
      listed: true,
      status: { connected: true, status: "connected" },
    });
    expect((await health()).status.message).toContain("Last push:");
  });
});

describe("the default connection from the environment", () => {
  it("uses PARTNER_API_URL and PARTNER_API_KEY when nothing else is set", async () => {
    const own = await buildTestApp(
      { partnerClock: now },
      { PARTNER_API_URL: `${hookServer.url}/hook`, PARTNER_API_KEY: "webhook-shared-secret-123" },
    );
    try {
      const headers = await loginAs(own, "admin");
      const test = await own.inject({ method: "GET", url: "/api/aurumwire/test", headers });
      expect(test.json().data).toMatchObject({ ok: true, partner: { kind: "webhook" } });
      const status = await own.inject({ method: "GET", url: "/api/aurumwire/status", headers });
      expect(status.json().data.integration).toMatchObject({ configured: true, connected: true });
      // Its rule can be changed in the dashboard; its address and key only through the environment.
      const id = status.json().data.integration.partner.id;
      const url = `${hookServer.url}/hook`;
      const rule = await own.inject({
        method: "PUT",
        url: `/api/aurumwire/partners/${id}`,
        headers,
        payload: { url, username: null, maxArticles: 5 },
      });
      expect(rule.json().data.partner).toMatchObject({ maxArticles: 5, source: "env" });
      const key = await own.inject({
        method: "PUT",
        url: `/api/aurumwire/partners/${id}`,
        headers,
        payload: { secret: "another secret value" },
      });
      expect(key.statusCode).toBe(409);
      expect(key.json().error).toContain("PARTNER_API_KEY");
    } finally {
      await own.close();
    }
  });

  it("says so when no partner is configured", async () => {
    const own = await buildTestApp();
    try {
      const headers = await loginAs(own, "editor");
      const status = await own.inject({ method: "GET", url: "/api/aurumwire/status", headers });
      expect(status.json().data.integration).toMatchObject({
        configured: false,
        status: "not_configured",
      });
      const onboarded = await own.inject({
        method: "POST",
        url: "/api/aurumwire/onboard/1",
        headers,
        payload: {},
      });
      expect(onboarded.statusCode).toBe(409);
      expect(onboarded.json().code).toBe("partner_not_configured");
    } finally {
      await own.close();
    }
  });
});

describe("pieces", () => {
  it("guesses the kind of the environment's connection", () => {
    expect(guessPartnerKind("https://news.example", `${"a".repeat(24)}:${"b".repeat(64)}`)).toBe(
      "ghost",
    );
    expect(guessPartnerKind("https://news.example/wp-json", "secret")).toBe("wordpress");
    expect(guessPartnerKind("https://news.example", "user:abcd efgh")).toBe("wordpress");
    expect(guessPartnerKind("https://news.example/hooks/in", "shared-secret")).toBe("webhook");
  });

  it("opens only what it sealed, and only with the same key", () => {
    const box = createSecretBox({ jwtSecret: "x".repeat(40) });
    const sealed = box.seal("app password");
    expect(sealed).not.toContain("app password");
    expect(box.open(sealed)).toBe("app password");
    expect(() => createSecretBox({ jwtSecret: "y".repeat(40) }).open(sealed)).toThrow();
    expect(() =>
      createSecretBox({ jwtSecret: "x".repeat(40), secretKey: "z".repeat(40) }).open(sealed),
    ).toThrow();
  });
});
