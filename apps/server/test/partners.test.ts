import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { partnerAuditLog, partnerConnections, partnerPushes } from "../src/db/schema";
import { createSecretBox } from "../src/lib/secret-box";
import { backoffMs, guessPartnerKind } from "../src/modules/partners/service";
import { insertArticle, userId } from "./article-fixtures";
import { type FakeServer, hang, sendJson, startFakeServer } from "./fake-http-server";
import { fakeGhost, fakeWebhook, fakeWordPress } from "./fake-partners";
import { buildTestApp, demo, loginAs } from "./helpers";

const hour = 3_600_000;
let clock = Date.parse("2026-03-02T09:00:00Z");
const now = () => clock;

let app: FastifyInstance;
let wpServer: FakeServer;
let ghostServer: FakeServer;
let hookServer: FakeServer;
let admin: { authorization: string };
let editor: { authorization: string };
let authorId: number;
const wp = fakeWordPress({
  user: "syndication",
  appPassword: "abcd EFGH 1234 ijkl",
  baseUrl: () => wpServer.url,
});
const ghostKey = { id: "6489f0f2a1b2c3d4e5f60718", secretHex: "a1".repeat(32) };
const ghost = fakeGhost({ ...ghostKey, baseUrl: () => ghostServer.url, now });
const hook = fakeWebhook({ secret: "webhook-shared-secret-123" });

async function call(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: unknown,
  headers = admin,
) {
  return app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function createPartner(overrides: Record<string, unknown> = {}) {
  const response = await call("POST", "/api/aurumwire/partners", {
    name: `WordPress ${Math.random().toString(36).slice(2, 7)}`,
    kind: "wordpress",
    url: wpServer.url,
    username: "syndication",
    secret: "abcd EFGH 1234 ijkl",
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.partner as { id: number; secretHint: string };
}

async function publishedArticle(title?: string) {
  // Published before the partner clock's "now": only what readers can read goes out.
  return insertArticle(app, {
    authorId,
    publishedAt: new Date(clock - 24 * hour),
    ...(title ? { title } : {}),
  });
}

async function onboard(articleId: number, partnerId: number, headers = admin) {
  return call("POST", `/api/aurumwire/onboard/${articleId}`, { partnerId }, headers);
}

beforeAll(async () => {
  [wpServer, ghostServer, hookServer] = await Promise.all([
    startFakeServer(wp.handler),
    startFakeServer(ghost.handler),
    startFakeServer(hook.handler),
  ]);
  // 10 s: the answering stand-ins never race it; only the one that never answers reaches it.
  // The stand-ins are on this machine: staff-set addresses reach them only because this allows it
  // (outbound-guard.test.ts shows what happens without).
  app = await buildTestApp(
    { partnerClock: now, outboundTimeoutMs: 10_000 },
    { OUTBOUND_ALLOW_PRIVATE: "127.0.0.1/32" },
  );
  admin = await loginAs(app, "admin");
  editor = await loginAs(app, "editor");
  authorId = await userId(app, demo.author.email);
});

afterAll(async () => {
  await app?.close();
  await Promise.all([wpServer?.close(), ghostServer?.close(), hookServer?.close()]);
});

beforeEach(() => {
  wpServer.setHandler(wp.handler);
});

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
    expect(wp.posts.size).toBe(0); // the test draft was deleted again

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
});

describe("the compliance rule", () => {
  it("sends 3 in 24 hours, queues the 4th for the moment the window opens, and sends it then once", async () => {
    const partner = await createPartner({ maxArticles: 3, windowHours: 24 });
    const articles = await Promise.all([1, 2, 3, 4].map(() => publishedArticle()));
    const start = clock;
    const answers = [];
    for (const [index, article] of articles.entries()) {
      clock = start + index * hour; // 09:00, 10:00, 11:00, 12:00
      answers.push(await onboard(article.id, partner.id));
    }
    expect(answers.slice(0, 3).map((answer) => answer.json().data.push.status)).toEqual([
      "sent",
      "sent",
      "sent",
    ]);
    expect(answers[2].json().data.push.remoteUrl).toMatch(/\?p=\d+$/);
    expect(answers[3].statusCode).toBe(202);
    const queued = answers[3].json().data.push;
    expect(queued.status).toBe("queued");
    expect(queued.slotAt).toBe(new Date(start + 24 * hour).toISOString());

    const compliance = (
      await call("GET", `/api/aurumwire/compliance?partnerId=${partner.id}`)
    ).json().data;
    expect(compliance.statistics.articlesLast24Hours).toBe(3);
    expect(compliance.remaining).toBe(0);
    expect(compliance.queued).toBe(1);

    const before = wp.posts.size;
    clock = start + 24 * hour - 1000;
    await app.jobs.runNow("partner:send-queue");
    expect(wp.posts.size).toBe(before);
    clock = start + 24 * hour;
    await app.jobs.runNow("partner:send-queue");
    await app.jobs.runNow("partner:send-queue");
    expect(wp.posts.size).toBe(before + 1);
    const pushes = (await call("GET", `/api/aurumwire/pushes?partnerId=${partner.id}`)).json().data
      .pushes;
    expect(pushes.filter((push: { status: string }) => push.status === "sent")).toHaveLength(4);
    // The next one waits for the second article's 24 hours.
    const fifth = await onboard((await publishedArticle()).id, partner.id);
    expect(fifth.json().data.push.slotAt).toBe(new Date(start + 25 * hour).toISOString());
  });

  it("refuses a duplicate request and turns a re-send into an update of the remote post", async () => {
    const partner = await createPartner({ maxArticles: 1 });
    const [first, second] = [await publishedArticle(), await publishedArticle()];
    expect((await onboard(first.id, partner.id)).json().data.push.status).toBe("sent");
    const queued = await onboard(second.id, partner.id);
    expect(queued.json().data.push.status).toBe("queued");
    const duplicate = await onboard(second.id, partner.id);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toContain("already queued");

    const postsBefore = wp.posts.size;
    const resend = await onboard(first.id, partner.id);
    expect(resend.json().data.push).toMatchObject({ action: "update", status: "sent" });
    expect(wp.posts.size).toBe(postsBefore);
    expect(wpServer.requests.at(-1)?.path).toMatch(/^\/wp-json\/wp\/v2\/posts\/\d+$/);
  });

  it("lets only one of two racing requests for the last slot go out now", async () => {
    const partner = await createPartner({ maxArticles: 1 });
    const [a, b] = [await publishedArticle(), await publishedArticle()];
    const [one, two, same] = await Promise.all([
      onboard(a.id, partner.id),
      onboard(b.id, partner.id),
      onboard(a.id, partner.id),
    ]);
    // The two requests for article a race each other too: either may win, the other is refused.
    const forA = [one, same].sort((x, y) => x.statusCode - y.statusCode);
    expect(forA[1]?.statusCode).toBe(409);
    // Article a or b may take the slot: the other waits for it (202 Accepted, queued).
    const statuses = [forA[0], two].map((answer) => answer.json().data?.push?.status).sort();
    expect(statuses).toEqual(["queued", "sent"]);
    for (const answer of [forA[0], two]) {
      expect(answer?.statusCode).toBe(answer?.json().data.push.status === "queued" ? 202 : 200);
    }
    const rows = await app.database.db
      .select()
      .from(partnerPushes)
      .where(eq(partnerPushes.partnerId, partner.id));
    expect(rows.filter((row) => row.status === "sent")).toHaveLength(1);
  });

  it("keeps a queued push through a restart and sends it once when two instances run the job", async () => {
    const partner = await createPartner({ maxArticles: 1 });
    const [a, b] = [await publishedArticle(), await publishedArticle()];
    await onboard(a.id, partner.id);
    const queued = (await onboard(b.id, partner.id)).json().data.push;
    expect(queued.status).toBe("queued");

    // Two more server processes on the same database (the first one "restarted" into them).
    const shared = { ...app.database, close: async () => {} };
    const build = () => buildApp(app.config, { web: "none", logger: false, database: shared });
    const [second, third] = [await build(), await build()];
    try {
      clock = Date.parse(queued.slotAt);
      const _postsBefore = wp.posts.size;
      await Promise.all([
        second.jobs.runNow("partner:send-queue"),
        third.jobs.runNow("partner:send-queue"),
        app.jobs.runNow("partner:send-queue"),
      ]);
      expect([...wp.posts.values()].filter((post) => post.title === b.title)).toHaveLength(1);
      const [row] = await app.database.db
        .select()
        .from(partnerPushes)
        .where(eq(partnerPushes.id, queued.id));
      expect(row.status).toBe("sent");
      expect(row.attempts).toBe(1);
    } finally {
      await second.close();
      await third.close();
    }
  });

  it("lets an admin reset the counter, logged; editors may not", async () => {
    const partner = await createPartner({ maxArticles: 1 });
    const [a, b] = [await publishedArticle(), await publishedArticle()];
    await onboard(a.id, partner.id);
    expect((await onboard(b.id, partner.id)).json().data.push.status).toBe("queued");
    const refused = await call(
      "POST",
      `/api/aurumwire/compliance/reset?partnerId=${partner.id}`,
      undefined,
      editor,
    );
    expect(refused.statusCode).toBe(403);
    clock += 60_000;
    const reset = await call("POST", `/api/aurumwire/compliance/reset?partnerId=${partner.id}`);
    expect(reset.statusCode).toBe(200);
    // The queued article went out under the fresh count.
    expect(reset.json().data).toMatchObject({ queued: 0, remaining: 0 });
    const [entry] = await app.database.db
      .select()
      .from(partnerAuditLog)
      .where(eq(partnerAuditLog.action, "compliance.reset"));
    expect(entry.userId).toBe(await userId(app, demo.admin.email));
  });
});

describe("failures", () => {
  it("retries a 503 with backoff and honours a 429's Retry-After", async () => {
    const partner = await createPartner({ maxArticles: 5 });
    const article = await publishedArticle();
    wpServer.setHandler((_request, response) =>
      sendJson(response, 503, {
        code: "maintenance",
        message: "Briefly unavailable for scheduled maintenance.",
      }),
    );
    const first = (await onboard(article.id, partner.id)).json().data.push;
    expect(first.status).toBe("queued");
    expect(first.error).toContain("server error (503)");
    expect(first.error).not.toContain("Briefly unavailable");
    expect(Date.parse(first.nextAttemptAt) - clock).toBe(30_000);

    wpServer.setHandler((_request, response) => {
      response.statusCode = 429;
      response.setHeader("retry-after", "120");
      response.end();
    });
    clock += 30_000;
    await app.jobs.runNow("partner:send-queue");
    const [afterLimit] = await app.database.db
      .select()
      .from(partnerPushes)
      .where(eq(partnerPushes.id, first.id));
    expect(afterLimit.status).toBe("queued");
    expect(afterLimit.nextAttemptAt!.getTime() - clock).toBe(120_000);

    wpServer.setHandler(wp.handler);
    clock += 60_000;
    await app.jobs.runNow("partner:send-queue");
    expect(
      (await app.database.db.select().from(partnerPushes).where(eq(partnerPushes.id, first.id)))[0]
        .status,
    ).toBe("queued");
    clock += 60_000;
    await app.jobs.runNow("partner:send-queue");
    const [sent] = await app.database.db
      .select()
      .from(partnerPushes)
      .where(eq(partnerPushes.id, first.id));
    expect(sent.status).toBe("sent");
    expect(sent.attempts).toBe(3);
  });

  it("fails at once on wrong credentials; looks a malformed answer's post up before sending again", async () => {
    const wrong = await createPartner({ secret: "not the password" });
    const refused = (await onboard((await publishedArticle()).id, wrong.id)).json().data.push;
    expect(refused.status).toBe("failed");
    expect(refused.error).toContain("refused our credentials (401)");

    const partner = await createPartner();
    wpServer.setHandler((_request, response) => {
      response.statusCode = 201;
      response.setHeader("content-type", "application/json");
      response.end('{"id": 5, "link": ');
    });
    const malformed = (await onboard((await publishedArticle()).id, partner.id)).json().data.push;
    // The post may exist there: retried later, and looked up first (never created twice).
    expect(malformed.status).toBe("queued");
    expect(malformed.error).toContain("could not read");
    const [row] = await app.database.db
      .select()
      .from(partnerPushes)
      .where(eq(partnerPushes.id, malformed.id));
    expect(row.lookupFirst).toBe(true);
  });

  it("retries a partner that does not answer", async () => {
    const partner = await createPartner();
    wpServer.setHandler(hang);
    const push = (await onboard((await publishedArticle()).id, partner.id)).json().data.push;
    expect(push.status).toBe("queued");
    expect(push.error).toContain("did not answer in time");
  });

  it("explains unknown, unpublished and too many articles", async () => {
    const partner = await createPartner();
    expect((await onboard(999_999, partner.id)).statusCode).toBe(404);
    const draft = await insertArticle(app, { authorId, status: "draft", publishedAt: null });
    const unpublished = await onboard(draft.id, partner.id);
    expect(unpublished.statusCode).toBe(409);
    expect(unpublished.json().error).toContain("Only published articles");
    const tooMany = await call("POST", "/api/aurumwire/onboard/bulk", {
      articleIds: Array.from({ length: 51 }, (_, i) => i + 1),
      partnerId: partner.id,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain("At most 50");
    const mixed = await call("POST", "/api/aurumwire/onboard/bulk", {
      articleIds: [(await publishedArticle()).id, draft.id, 999_999],
      options: { partnerId: partner.id },
    });
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json().data).toMatchObject({ total: 3, accepted: 1, sent: 1, failed: 2 });
    expect((await call("POST", "/api/aurumwire/onboard/abc", {})).statusCode).toBe(400);
  });
});

describe("other adapters and reads", () => {
  it("publishes to Ghost with a verified token and edits with updated_at on a re-send", async () => {
    const partner = await createPartner({
      kind: "ghost",
      url: ghostServer.url,
      username: null,
      secret: `${ghostKey.id}:${ghostKey.secretHex}`,
      postStatus: "publish",
    });
    const article = await publishedArticle();
    const sent = (await onboard(article.id, partner.id)).json().data.push;
    expect(sent.status).toBe("sent");
    expect(ghost.posts.get(sent.remoteId)?.status).toBe("published");
    const again = (await onboard(article.id, partner.id)).json().data.push;
    expect(again).toMatchObject({ status: "sent", action: "update", remoteId: sent.remoteId });
  });

  it("signs the webhook and carries the article as ninjs", async () => {
    const partner = await createPartner({
      kind: "webhook",
      url: `${hookServer.url}/hook`,
      username: null,
      secret: "webhook-shared-secret-123",
    });
    const article = await publishedArticle("Webhook article about Ethereum staking");
    const sent = (await onboard(article.id, partner.id)).json().data.push;
    expect(sent).toMatchObject({
      status: "sent",
      remoteUrl: expect.stringContaining("partner.example"),
    });
    const delivery = hook.received.at(-1)!;
    expect(delivery.event).toBe("article.published");
    expect(delivery.document).toMatchObject({
      type: "text",
      headlines: [{ value: "Webhook article about Ethereum staking" }],
    });
  });

  it("withdraws from a webhook partner with a signed article.withdrawn (pubstatus withheld)", async () => {
    const partner = await createPartner({
      kind: "webhook",
      url: `${hookServer.url}/hook`,
      username: null,
      secret: "webhook-shared-secret-123",
    });
    const article = await publishedArticle("Webhook article taken down for a correction");
    const sent = (await onboard(article.id, partner.id)).json().data.push;
    const withdrawn = (await call("POST", `/api/aurumwire/pushes/${sent.id}/withdraw`)).json().data
      .push;
    expect(withdrawn).toMatchObject({
      action: "withdraw",
      status: "sent",
      remoteId: sent.remoteId,
      canWithdraw: false,
    });
    const delivery = hook.received.at(-1)!;
    expect(delivery.event).toBe("article.withdrawn");
    expect(delivery.document).toMatchObject({
      pubstatus: "withheld",
      remoteId: sent.remoteId,
      uri: expect.stringContaining(article.slug),
    });
    // Sent again later: a new story for the receiver, not an update of the withdrawn one.
    const again = (await onboard(article.id, partner.id)).json().data.push;
    expect(again).toMatchObject({ status: "sent", action: "create" });
    expect(hook.received.at(-1)!.event).toBe("article.published");

    // A receiver that refuses the withdrawal: the row says so, and Retry withdraws again.
    hookServer.setHandler((_request, response) => sendJson(response, 503, { error: "busy" }));
    let failed: { id: number; error: string };
    try {
      failed = (await call("POST", `/api/aurumwire/pushes/${again.id}/withdraw`)).json().data.push;
      expect(failed).toMatchObject({ action: "withdraw", status: "failed", canRetry: true });
      expect(failed.error).toMatch(/^Withdrawing failed: .*503/);
    } finally {
      hookServer.setHandler(hook.handler);
    }
    const retried = (await call("POST", `/api/aurumwire/pushes/${failed.id}/retry`)).json().data
      .push;
    expect(retried).toMatchObject({ action: "withdraw", status: "sent" });
    expect(hook.received.at(-1)!.event).toBe("article.withdrawn");
  });

  it("recommends published articles the partner has not had, and reports status", async () => {
    const partner = await createPartner();
    const article = await publishedArticle();
    await call("PUT", `/api/articles/${article.id}`, {});
    const before = (
      await call("GET", `/api/aurumwire/recommendations?limit=50&partnerId=${partner.id}`)
    ).json().data.articles as Array<{ id: number }>;
    expect(before.some((row) => row.id === article.id)).toBe(true);
    await onboard(article.id, partner.id);
    const after = (
      await call("GET", `/api/aurumwire/recommendations?limit=50&partnerId=${partner.id}`)
    ).json().data.articles as Array<{ id: number }>;
    expect(after.some((row) => row.id === article.id)).toBe(false);
    expect((await call("GET", "/api/aurumwire/recommendations?limit=0")).statusCode).toBe(400);
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

  it("backs off 30 s, doubling, at most 30 minutes", () => {
    expect([1, 2, 3, 10].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 1_800_000]);
  });
});
