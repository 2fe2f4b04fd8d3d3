import { createECDH } from "node:crypto";
import type { BreakingPushPayload } from "@aurumwire/shared/web-push";
import { expect } from "@playwright/test";
// The server tests' stand-ins: an RSS feed, and a push service that checks VAPID and decrypts.
import { type FakeServer, sendXml, startFakeServer } from "../../apps/server/test/fake-http-server";
import { startFakePushService } from "../../apps/server/test/fake-push-service";
import { seriousViolations, test } from "./fixtures";
import { type OwnServer, startOwnServer } from "./own-server";

/**
 * Issue 34, breaking-news alerts by Web Push (decision 237), in the browser as far as a browser
 * here can go (decision 282). Headless Chromium has no push service (no network to one either),
 * so `pushManager.subscribe` cannot succeed here (it answers "AbortError: Registration failed -
 * permission denied" with the notification permission granted). What runs for real:
 * - on the page: nothing asked on load, the opt-in box, the browser's permission, the service
 *   worker registered by "Turn on alerts", the subscribe call with the site's VAPID key, and what
 *   the page says and does (nothing stored) when the browser refuses it;
 * - the server's push: a subscription as a browser would post it, a new feed item, the request
 *   the server sends to the push service (checked and decrypted by the stand-in);
 * - the worker: that decrypted payload handed to the page's service worker as a push message
 *   (DevTools `ServiceWorker.deliverPushMessage`, what a push service's delivery would do), and
 *   the notification it shows.
 * Only the push service's own hop to the browser is not real. The page's success path runs with
 * `pushManager.subscribe` stubbed by an init script (the browser's API, answering as a browser with
 * a push service would, with the push service stand-in's subscription): what the page posts, what
 * it says, and that turning off removes the subscription on the server.
 */
const port = Number(process.env.E2E_PORT) + 8;
const baseURL = `http://127.0.0.1:${port}`;
/** A VAPID key pair as `web-push generate-vapid-keys` makes one: P-256, base64url. */
const vapid = (() => {
  const keys = createECDH("prime256v1");
  keys.generateKeys();
  return {
    publicKey: keys.getPublicKey().toString("base64url"),
    // 32 bytes, leading zeros kept.
    privateKey: Buffer.from(keys.getPrivateKey().toString("hex").padStart(64, "0"), "hex").toString(
      "base64url",
    ),
  };
})();
let server: OwnServer;
let rss: FakeServer;
let push: Awaited<ReturnType<typeof startFakePushService>>;
/** The feed's items: none at first, breaking ones once browsers have subscribed. */
let feedItems = "";

/** A new item of the feed (regulation: the feed reader tags "SEC" and "court" so). */
const breakingItem = (guid: string, title: string) => `<item><title>${title}</title>
<link>https://chaindaily.example/news/${guid}</link><guid isPermaLink="false">${guid}</guid>
<description>${title}, the agency said.</description>
<pubDate>${new Date().toUTCString()}</pubDate></item>`;

test.use({ baseURL });
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(360_000);
  rss = await startFakeServer((_request, response) =>
    sendXml(
      response,
      `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Chain Daily</title><link>https://chaindaily.example/</link>${feedItems}</channel></rss>`,
    ),
  );
  push = await startFakePushService();
  server = await startOwnServer({
    port,
    env: {
      NEWS_FEEDS: `${rss.url}/feed.xml`,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: "mailto:desk@aurumwire.test",
      // A new feed item is pushed within 5 s, not at the 600 s turn (decision 323).
      NEWS_FEEDS_REFRESH_SECONDS: "5",
      // The push service stand-in is on this machine; a real one never is.
      OUTBOUND_ALLOW_PRIVATE: "127.0.0.1/32",
    },
  });
});

test.afterAll(async () => {
  await server?.close();
  await rss?.close();
  await push?.close();
});

test("nothing is asked on load; Turn on alerts registers the worker and asks for a subscription", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const stored: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/push/subscriptions")) {
      stored.push(request.postData() ?? "");
    }
  });
  await page.goto("/");
  const box = page.getByTestId("breaking-alerts");
  await expect(box.getByRole("heading", { name: "Breaking-news alerts" })).toBeVisible();
  // No prompt and no worker before the reader asks.
  expect(
    await page.evaluate(async () => ({
      permission: Notification.permission,
      workers: (await navigator.serviceWorker.getRegistrations()).length,
    })),
  ).toEqual({ permission: "default", workers: 0 });
  expect(await seriousViolations(page)).toEqual([]);

  // The reader allows notifications when the browser asks.
  await context.grantPermissions(["notifications"], { origin: baseURL });
  await box.getByRole("checkbox", { name: "Bitcoin" }).check();
  await box.getByRole("button", { name: "Turn on alerts" }).click();
  const status = box.getByRole("status");
  await expect(status).not.toBeEmpty({ timeout: 30_000 });
  expect(
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration("/");
      return { scope: registration?.scope, script: registration?.active?.scriptURL };
    }),
  ).toEqual({ scope: `${baseURL}/`, script: `${baseURL}/push-sw.js` });

  // What this browser answers when asked for a subscription with the site's key.
  const refusal = await page.evaluate(async (key) => {
    const registration = await navigator.serviceWorker.ready;
    try {
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: key,
      });
      await subscription.unsubscribe();
      return null;
    } catch (error) {
      return `${(error as Error).name}: ${(error as Error).message}`;
    }
  }, vapid.publicKey);
  if (refusal) {
    // Headless Chromium here: no push service. The page says so; nothing is stored.
    test.info().annotations.push({ type: "the browser's answer", description: refusal });
    await expect(status).toHaveText(
      "Alerts could not be turned on in this browser. Please try again.",
    );
    await expect(box.getByRole("button", { name: "Turn on alerts" })).toBeEnabled();
    expect(stored).toEqual([]);
  } else {
    // A browser with a push service: the subscription and its topic are stored.
    await expect(status).toHaveText("Alerts are on. We will notify you when big news breaks.");
    expect(JSON.parse(stored[0]!).topics).toEqual(["bitcoin"]);
  }
  await context.close();
});

/** What the stubbed `pushManager.subscribe` was asked, kept on the page's window. */
interface SubscribeCall {
  userVisibleOnly: boolean;
  applicationServerKey: string;
}

test("with a push service, Turn on alerts stores the subscription and its topics; Turn off removes it", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000); // a hang bound
  // The browser's push service, as a browser with one would give it: the stand-in's subscription
  // (its keys are the stand-in's, so the server's pushes to it are decrypted and checked).
  // `pushManager.subscribe` is the browser's API; our page's code runs as it is.
  const subscriber = push.subscribe(vapid.publicKey);
  const context = await browser.newContext({ baseURL });
  await context.addInitScript((json) => {
    const state = window as unknown as { awSubscribeCalls: SubscribeCall[] };
    state.awSubscribeCalls = [];
    const key = "aw-stub-subscribed";
    const subscription = () =>
      ({
        endpoint: json.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: () => null,
        toJSON: () => json,
        unsubscribe: async () => {
          localStorage.removeItem(key);
          return true;
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      state.awSubscribeCalls.push({
        userVisibleOnly: options?.userVisibleOnly === true,
        applicationServerKey: String(options?.applicationServerKey),
      });
      localStorage.setItem(key, "yes");
      return subscription();
    };
    PushManager.prototype.getSubscription = async () =>
      localStorage.getItem(key) ? subscription() : null;
  }, subscriber.json);
  await context.grantPermissions(["notifications"], { origin: baseURL });
  const page = await context.newPage();
  const sent: Array<{ method: string; body: unknown; status: number }> = [];
  page.on("requestfinished", async (finished) => {
    if (!finished.url().endsWith("/api/push/subscriptions")) return;
    sent.push({
      method: finished.method(),
      body: finished.postDataJSON(),
      status: (await finished.response())?.status() ?? 0,
    });
  });
  await page.goto("/");
  const box = page.getByTestId("breaking-alerts");
  await box.getByRole("checkbox", { name: "Bitcoin" }).check();
  await box.getByRole("checkbox", { name: "Regulation" }).check();
  await box.getByRole("button", { name: "Turn on alerts" }).click();

  // The page asked with the site's key, posted the endpoint, the keys and the chosen topics, and
  // says the alerts are on.
  await expect(box.getByRole("status")).toHaveText(
    "Alerts are on. We will notify you when big news breaks.",
  );
  await expect(box.getByRole("button", { name: "Turn off alerts" })).toBeVisible();
  await expect(box).toContainText("This browser gets a notification when big crypto news breaks.");
  expect(
    await page.evaluate(
      () => (window as unknown as { awSubscribeCalls: SubscribeCall[] }).awSubscribeCalls,
    ),
  ).toEqual([{ userVisibleOnly: true, applicationServerKey: vapid.publicKey }]);
  await expect.poll(() => sent.length).toBe(1);
  expect(sent[0]).toEqual({
    method: "POST",
    body: {
      subscription: {
        endpoint: subscriber.json.endpoint,
        expirationTime: null,
        keys: { p256dh: subscriber.json.keys.p256dh, auth: subscriber.json.keys.auth },
      },
      topics: ["bitcoin", "regulation"],
    },
    status: 201,
  });
  expect(await seriousViolations(page)).toEqual([]);

  // Stored with its topics: the next regulation item is pushed to it.
  feedItems = breakingItem("cd-9001", "SEC approves spot ether ETF options");
  await expect
    .poll(() => push.received.filter((item) => item.subscription === subscriber.id).length, {
      timeout: 60_000,
    })
    .toBe(1);

  // A later visit finds the alerts on (the browser's subscription), and turns them off.
  await page.reload();
  await box.getByRole("button", { name: "Turn off alerts" }).click();
  await expect(box.getByRole("status")).toHaveText("Alerts are off.");
  await expect(box.getByRole("button", { name: "Turn on alerts" })).toBeVisible();
  await expect.poll(() => sent.length).toBe(2);
  expect(sent[1]).toEqual({
    method: "DELETE",
    body: { endpoint: subscriber.json.endpoint },
    status: 204,
  });

  // Removed on the server: the next item reaches another subscriber (for every topic, stored
  // after it) and not this one.
  const other = push.subscribe(vapid.publicKey);
  const created = await request.post("/api/push/subscriptions", {
    data: { subscription: other.json, topics: [] },
  });
  expect(created.status()).toBe(201);
  feedItems += breakingItem("cd-9002", "Court halts a token sale of a crypto exchange");
  await expect
    .poll(() => push.received.filter((item) => item.subscription === other.id).length, {
      timeout: 60_000,
    })
    .toBeGreaterThan(0);
  expect(push.received.filter((item) => item.subscription === subscriber.id)).toHaveLength(1);
  await context.close();
});

test("a new breaking item is pushed, signed and encrypted, and the worker shows it", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000); // a hang bound
  // A subscription as a browser with a push service posts it (the stand-in holds its keys).
  const subscriber = push.subscribe(vapid.publicKey);
  const created = await request.post("/api/push/subscriptions", {
    data: { subscription: subscriber.json, topics: ["regulation"] },
  });
  expect(created.status()).toBe(201);

  // The feed gets a new item; the server's next feed run (within 5 s) pushes it.
  feedItems += breakingItem("cd-9003", "SEC sues a crypto lender over its yield accounts");
  const mine = () => push.received.filter((item) => item.subscription === subscriber.id);
  await expect.poll(() => mine().length, { timeout: 60_000 }).toBeGreaterThan(0);
  const message = mine()[0]!;
  expect(message.problems).toEqual([]);
  expect(message.headers["content-encoding"]).toBe("aes128gcm");
  const payload = JSON.parse(message.payload!) as BreakingPushPayload;
  expect(payload.title).toBe("Breaking: SEC sues a crypto lender over its yield accounts");

  // The push service's delivery: the decrypted payload, handed to the page's worker.
  const context = await browser.newContext({ baseURL });
  await context.grantPermissions(["notifications"], { origin: baseURL });
  const page = await context.newPage();
  await page.goto("/");
  const devtools = await context.newCDPSession(page);
  const registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> = [];
  devtools.on("ServiceWorker.workerRegistrationUpdated", (event) => {
    registrations.push(...event.registrations);
  });
  await devtools.send("ServiceWorker.enable");
  await page.evaluate(async () => {
    await navigator.serviceWorker.register("/push-sw.js", { scope: "/" });
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => registrations.find((item) => item.scopeURL === `${baseURL}/`)?.registrationId)
    .toBeTruthy();
  const registrationId = registrations.find(
    (item) => item.scopeURL === `${baseURL}/`,
  )!.registrationId;
  await devtools.send("ServiceWorker.deliverPushMessage", {
    origin: baseURL,
    registrationId,
    data: message.payload!,
  });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((notification) => ({
          title: notification.title,
          body: notification.body,
          url: (notification.data as { url?: string } | null)?.url,
        }));
      }),
    )
    .toEqual([{ title: payload.title, body: payload.body, url: payload.url }]);
  await context.close();
});
