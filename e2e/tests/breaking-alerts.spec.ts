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
 * Only the push service's own hop to the browser is not real.
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
/** The feed's items: none at first, a breaking one once a browser has subscribed. */
let feedItems = "";

const breakingItem = () => `<item><title>SEC approves spot ether ETF options</title>
<link>https://chaindaily.example/news/eth-options</link><guid isPermaLink="false">cd-9001</guid>
<description>Options on spot ether funds may list.</description>
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

test("a new breaking item is pushed, signed and encrypted, and the worker shows it", async ({
  browser,
  request,
}) => {
  // A server restart (up to 300 s on a loaded machine) and the push.
  test.setTimeout(420_000);
  // A subscription as a browser with a push service posts it (the stand-in holds its keys).
  const subscriber = push.subscribe(vapid.publicKey);
  const created = await request.post("/api/push/subscriptions", {
    data: { subscription: subscriber.json, topics: ["regulation"] },
  });
  expect(created.status()).toBe(201);

  // The feed gets a new item; the server reads its feeds when it starts (then every 600 s).
  feedItems = breakingItem();
  await server.restart();
  await expect.poll(() => push.received.length, { timeout: 60_000 }).toBeGreaterThan(0);
  const message = push.received[0]!;
  expect(message.subscription).toBe(subscriber.id);
  expect(message.problems).toEqual([]);
  expect(message.headers["content-encoding"]).toBe("aes128gcm");
  const payload = JSON.parse(message.payload!) as BreakingPushPayload;
  expect(payload.title).toBe("Breaking: SEC approves spot ether ETF options");

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
