import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { partnerConnections } from "../src/db/schema";
import { insertArticle, userId } from "./article-fixtures";
import { type FakeServer, startFakeServer } from "./fake-http-server";
import { fakeGhost, fakeWebhook, fakeWordPress } from "./fake-partners";
import { buildTestApp, demo, loginAs } from "./helpers";

/**
 * Every partner and campaign endpoint answers through a response schema, the allowlist of what
 * leaves the server (issue 28): a connection's secret, in clear or sealed, is in no answer.
 */

const clock = Date.parse("2026-05-04T09:00:00Z");
const secrets = {
  wordpress: "wp-app PASS 9183 qzxv",
  ghost: `6489f0f2a1b2c3d4e5f60718:${"c7".repeat(32)}`,
  webhook: "hook-shared-secret-5521",
};

let app: FastifyInstance;
let servers: FakeServer[] = [];
let admin: { authorization: string };
const wp = fakeWordPress({
  user: "desk",
  appPassword: secrets.wordpress,
  baseUrl: () => servers[0].url,
});
const ghost = fakeGhost({
  id: secrets.ghost.split(":")[0],
  secretHex: secrets.ghost.split(":")[1],
  baseUrl: () => servers[1].url,
  now: () => clock,
});
const hook = fakeWebhook({ secret: secrets.webhook });

beforeAll(async () => {
  servers = await Promise.all([
    startFakeServer(wp.handler),
    startFakeServer(ghost.handler),
    startFakeServer(hook.handler),
  ]);
  app = await buildTestApp(
    { partnerClock: () => clock, outboundTimeoutMs: 10_000 },
    { OUTBOUND_ALLOW_PRIVATE: "127.0.0.1/32" },
  );
  admin = await loginAs(app, "admin");
});

afterAll(async () => {
  await app?.close();
  await Promise.all(servers.map((server) => server.close()));
});

describe("what the partner and campaign endpoints answer", () => {
  it("never carries a connection's secret, in clear or sealed", async () => {
    const bodies: string[] = [];
    const call = async (
      method: "GET" | "POST" | "PUT" | "DELETE",
      url: string,
      payload?: object,
    ) => {
      const response = await app.inject({
        method,
        url,
        headers: admin,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(500);
      bodies.push(response.body);
      return response.json();
    };
    const api = (method: "GET" | "POST" | "PUT" | "DELETE", path: string, payload?: object) =>
      call(method, `/api/aurumwire${path}`, payload);

    const ids: number[] = [];
    for (const [kind, index] of [
      ["wordpress", 0],
      ["ghost", 1],
      ["webhook", 2],
    ] as const) {
      const created = await api("POST", "/partners", {
        name: `Partner ${kind}`,
        kind,
        url: kind === "webhook" ? `${servers[index].url}/hook` : servers[index].url,
        username: kind === "wordpress" ? "desk" : null,
        secret: secrets[kind],
        maxArticles: 20,
      });
      ids.push(created.data.partner.id);
    }
    const authorId = await userId(app, demo.author.email);
    const article = () =>
      insertArticle(app, { authorId, publishedAt: new Date(clock - 3_600_000) });
    const first = await article();
    for (const partnerId of ids) {
      await api("GET", `/status?partnerId=${partnerId}`);
      await api("GET", `/test?partnerId=${partnerId}`);
      await api("GET", `/compliance?partnerId=${partnerId}`);
      await api("GET", `/recommendations?partnerId=${partnerId}&limit=5`);
      const sent = await api("POST", `/onboard/${first.id}`, { partnerId });
      expect(sent.data.push.status, sent.data.push.error).toBe("sent");
      await api("POST", `/pushes/${sent.data.push.id}/withdraw`);
      await api("PUT", `/partners/${partnerId}`, { name: `Renamed ${partnerId}` });
    }
    await api("POST", `/compliance/reset?partnerId=${ids[0]}`);
    await api("POST", "/onboard/bulk", { articleIds: [(await article()).id], partnerId: ids[1] });
    await api("GET", "/pushes?limit=50");
    await api("GET", "/partners");

    const campaign = await call("POST", "/api/campaigns", {
      name: "Secrets stay home",
      template: "defi_launch",
      partnerIds: ids,
      compliance: { aurumwireEnabled: true, riskLevel: "low", disclaimers: [] },
      content: { articles: [(await article()).id] },
    });
    const campaignId = campaign.data.campaign.id;
    // The editor's own compliance switch comes back as entered (spec: {product}Enabled).
    expect(campaign.data.campaign.draft.compliance.aurumwireEnabled).toBe(true);
    await call("GET", "/api/campaigns/templates");
    await call("GET", "/api/campaigns");
    await call("POST", `/api/campaigns/${campaignId}/launch`);
    await call("POST", `/api/campaigns/${campaignId}/articles`, {
      articleIds: [(await article()).id],
    });
    await call("POST", `/api/campaigns/${campaignId}/pause`);
    await call("POST", `/api/campaigns/${campaignId}/resume`);
    await call("GET", `/api/campaigns/${campaignId}`);
    await call("POST", `/api/campaigns/${campaignId}/cancel`);
    // A connection with pushes is kept (deactivated) and answered.
    await api("DELETE", `/partners/${ids[2]}`);

    const sealed = (await app.database.db.select().from(partnerConnections)).map(
      (row) => row.secretCiphertext,
    );
    const forbidden = [
      secrets.wordpress,
      secrets.wordpress.replace(/ /g, ""),
      secrets.ghost,
      secrets.ghost.split(":")[1],
      secrets.webhook,
      ...sealed,
    ];
    expect(bodies.length).toBeGreaterThan(30);
    for (const body of bodies) {
      for (const secret of forbidden) expect(body).not.toContain(secret);
      expect(body).not.toMatch(/secretCiphertext|"secret"/);
    }
  });
});
