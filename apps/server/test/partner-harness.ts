import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { insertArticle, userId } from "./article-fixtures";
import { type FakeServer, startFakeServer } from "./fake-http-server";
import { fakeGhost, fakeWebhook, fakeWordPress } from "./fake-partners";
import { buildTestApp, demo, loginAs } from "./helpers";

/**
 * One server on an in-memory database with the three partner stand-ins (WordPress, Ghost, a
 * webhook receiver) and a partner clock the test moves, for the partner test files. The bindings
 * below are set by `usePartnerHarness()`'s hooks; a test file reads them once its tests run.
 */

export const hour = 3_600_000;
const startOfClock = Date.parse("2026-03-02T09:00:00Z");
export let clock = startOfClock;
export const now = () => clock;
/** Moves the partner clock to `at` (the queue, the compliance window and Ghost's tokens read it). */
export function setClock(at: number) {
  clock = at;
}

export let app: FastifyInstance;
export let wpServer: FakeServer;
export let ghostServer: FakeServer;
export let hookServer: FakeServer;
export let admin: { authorization: string };
export let editor: { authorization: string };
export let authorId: number;
export const ghostKey = { id: "6489f0f2a1b2c3d4e5f60718", secretHex: "a1".repeat(32) };
// The stand-ins keep what they were sent: each test file gets new ones (a worker's process runs
// several files one after another, decision 178).
const newWordPress = () =>
  fakeWordPress({
    user: "syndication",
    appPassword: "abcd EFGH 1234 ijkl",
    baseUrl: () => wpServer.url,
  });
const newGhost = () => fakeGhost({ ...ghostKey, baseUrl: () => ghostServer.url, now });
const newWebhook = () => fakeWebhook({ secret: "webhook-shared-secret-123" });
export let wp = newWordPress();
export let ghost = newGhost();
export let hook = newWebhook();

export async function call(
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

export async function createPartner(overrides: Record<string, unknown> = {}) {
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

export async function publishedArticle(title?: string) {
  // Published before the partner clock's "now": only what readers can read goes out.
  return insertArticle(app, {
    authorId,
    publishedAt: new Date(clock - 24 * hour),
    ...(title ? { title } : {}),
  });
}

export async function onboard(articleId: number, partnerId: number, headers = admin) {
  return call("POST", `/api/aurumwire/onboard/${articleId}`, { partnerId }, headers);
}

/** Starts the stand-ins and the server before the file's tests, and stops them after. */
export function usePartnerHarness() {
  beforeAll(async () => {
    clock = startOfClock;
    wp = newWordPress();
    ghost = newGhost();
    hook = newWebhook();
    [wpServer, ghostServer, hookServer] = await Promise.all([
      startFakeServer(wp.handler),
      startFakeServer(ghost.handler),
      startFakeServer(hook.handler),
    ]);
    // 10 s: the answering stand-ins never race it; only the one that never answers reaches it.
    // The stand-ins are on this machine: staff-set addresses reach them only because this allows
    // it (outbound-guard.test.ts shows what happens without).
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
}
