import type { BreakingPushPayload } from "@aurumwire/shared/web-push";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webPush from "web-push";
import { type FakeServer, sendXml, startFakeServer } from "./fake-http-server";
import { startFakePushService } from "./fake-push-service";
import { buildTestApp } from "./helpers";

/**
 * Breaking-news alerts by Web Push (decision 237) against a local push service that checks the
 * real protocol (VAPID JWT, TTL, aes128gcm) and decrypts each message with the browser's keys.
 */
const feedAt = (published: Date) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Chain Daily</title><link>https://chaindaily.example/</link>
<item><title>SEC approves spot ether ETF options</title>
<link>https://chaindaily.example/news/eth-options</link><guid isPermaLink="false">cd-9001</guid>
<description>Options on spot ether funds may list.</description>
<pubDate>${published.toUTCString()}</pubDate></item>
</channel></rss>`;

describe("breaking news by Web Push", () => {
  let app: FastifyInstance;
  let rss: FakeServer;
  let push: Awaited<ReturnType<typeof startFakePushService>>;
  const vapid = webPush.generateVAPIDKeys();

  beforeAll(async () => {
    rss = await startFakeServer((_request, response) => sendXml(response, feedAt(new Date())));
    push = await startFakePushService();
    app = await buildTestApp({
      breakingNewsFeeds: [`${rss.url}/feed.xml`],
      // The push service stand-in is on this machine; a real one never is.
      outboundAllowPrivate: ["127.0.0.1/32"],
      webPush: { ...vapid, subject: "mailto:desk@aurumwire.test" },
    });
  });
  afterAll(async () => {
    await app?.close();
    await rss?.close();
    await push?.close();
  });

  const subscribe = (body: unknown) =>
    app.inject({ method: "POST", url: "/api/push/subscriptions", payload: body as object });
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  it("gives the page the VAPID public key and the topics", async () => {
    const response = await app.inject({ url: "/api/push/key" });
    expect(response.statusCode).toBe(200);
    expect(response.json().publicKey).toBe(vapid.publicKey);
    expect(response.json().topics.map((topic: { slug: string }) => topic.slug)).toContain(
      "regulation",
    );
  });

  it("refuses a subscription that is not a browser's with a clear 400", async () => {
    const browser = push.subscribe(vapid.publicKey);
    const noKeys = await subscribe({ subscription: { endpoint: browser.json.endpoint } });
    expect(noKeys.statusCode).toBe(400);
    expect(noKeys.json().error).toMatch(/keys/);
    const shortKey = await subscribe({
      subscription: { ...browser.json, keys: { ...browser.json.keys, p256dh: "AAAA" } },
    });
    expect(shortKey.statusCode).toBe(400);
    expect(shortKey.json().error).toMatch(/P-256 public key/);
    const topic = await subscribe({ subscription: browser.json, topics: ["weather"] });
    expect(topic.statusCode).toBe(400);
    expect(topic.json().error).toMatch(/topics are among/);
  });

  it("refuses a subscription whose endpoint is an internal address, before storing it", async () => {
    const browser = push.subscribe(vapid.publicKey);
    for (const endpoint of [
      "http://169.254.169.254/latest/meta-data/",
      "http://[::ffff:10.0.0.5]/push/1",
      "http://0.0.0.0:8080/push/1",
      "http://[fd00:ec2::254]/push/1",
    ]) {
      const refused = await subscribe({ subscription: { ...browser.json, endpoint } });
      expect(refused.statusCode, endpoint).toBe(400);
      expect(refused.json()).toMatchObject({ code: "internal_address" });
      expect(refused.json().error).toMatch(/is an internal address .* a push service's public/);
    }
  });

  it("sends a new breaking item, encrypted and signed, to the subscriptions that chose it", async () => {
    const everything = push.subscribe(vapid.publicKey);
    const bitcoinOnly = push.subscribe(vapid.publicKey);
    const regulation = push.subscribe(vapid.publicKey);
    expect((await subscribe({ subscription: everything.json })).statusCode).toBe(201);
    expect(
      (await subscribe({ subscription: bitcoinOnly.json, topics: ["bitcoin"] })).statusCode,
    ).toBe(201);
    expect(
      (await subscribe({ subscription: regulation.json, topics: ["regulation", "defi"] }))
        .statusCode,
    ).toBe(201);

    await app.services.breakingNews.refreshFeeds();
    await until(() => push.received.length >= 2);
    const bySubscription = new Map(push.received.map((message) => [message.subscription, message]));
    expect([...bySubscription.keys()].sort()).toEqual([everything.id, regulation.id].sort());
    for (const message of bySubscription.values()) {
      expect(message.problems).toEqual([]);
      expect(message.headers["content-encoding"]).toBe("aes128gcm");
      expect(message.headers.urgency).toBe("high");
      const payload = JSON.parse(message.payload!) as BreakingPushPayload;
      expect(payload).toMatchObject({
        title: "Breaking: SEC approves spot ether ETF options",
        body: "Chain Daily",
        url: "/",
      });
    }
  });

  it("removes a subscription the push service says is gone (410), and one turned off", async () => {
    const expiring = push.subscribe(vapid.publicKey);
    const leaving = push.subscribe(vapid.publicKey);
    await subscribe({ subscription: expiring.json });
    await subscribe({ subscription: leaving.json });
    const off = await app.inject({
      method: "DELETE",
      url: "/api/push/subscriptions",
      payload: { endpoint: leaving.json.endpoint },
    });
    expect(off.statusCode).toBe(204);
    push.expire(expiring.id);
    const item = {
      id: "9100",
      title: "Bitcoin hashrate hits a record",
      articleSlug: null,
      source: "Chain Daily",
      tags: ["bitcoin"],
    };
    const first = await app.services.webPush.notify(item);
    expect(first.removed).toBe(1);
    const asked = push.received.filter((message) => message.subscription === expiring.id).length;
    const second = await app.services.webPush.notify({ ...item, id: "9101" });
    expect(second.removed).toBe(0);
    // Removed: the push service is not asked again for it; the one turned off never was.
    expect(push.received.filter((message) => message.subscription === expiring.id)).toHaveLength(
      asked,
    );
    expect(push.received.some((message) => message.subscription === leaving.id)).toBe(false);
  });
});

describe("breaking news by Web Push, signed with another key", () => {
  it("is refused by the push service (401) and kept: only 404 and 410 remove a subscription", async () => {
    const push = await startFakePushService();
    const app = await buildTestApp({
      outboundAllowPrivate: ["127.0.0.1/32"],
      webPush: { ...webPush.generateVAPIDKeys(), subject: "mailto:desk@aurumwire.test" },
    });
    try {
      // The browser subscribed with a different applicationServerKey than the one we sign with.
      const browser = push.subscribe(webPush.generateVAPIDKeys().publicKey);
      await app.inject({
        method: "POST",
        url: "/api/push/subscriptions",
        payload: { subscription: browser.json },
      });
      const item = { id: "1", title: "A", articleSlug: null, source: "S", tags: [] };
      expect(await app.services.webPush.notify(item)).toEqual({ sent: 0, removed: 0, failed: 1 });
      expect(push.received[0]!.problems).toContain("k is not the subscription's key");
      expect(await app.services.webPush.notify(item)).toMatchObject({ failed: 1 });
    } finally {
      await app.close();
      await push.close();
    }
  });
});

describe("breaking news by Web Push, not set up", () => {
  it("answers 503 with a sentence when the site has no VAPID keys", async () => {
    const app = await buildTestApp();
    try {
      const response = await app.inject({ url: "/api/push/key" });
      expect(response.statusCode).toBe(503);
      expect(response.json().error).toBe("Breaking-news alerts are not set up on this site.");
    } finally {
      await app.close();
    }
  });
});
