import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeServer, sendJson, startFakeServer } from "../fake-http-server";
import { type LocalS3, startLocalS3 } from "../local-s3-server";
import { redisUrl } from "../redis";
import { startRoundRobinProxy } from "./round-robin-proxy";
import { type ServerProcess, startServerProcess } from "./server-process";

/**
 * Two production servers behind a round-robin proxy, as a scaled-out deployment runs them: one
 * PostgreSQL database (a fresh one of this run's own), one Redis (under a prefix of this run's
 * own), one S3 bucket (a local S3-compatible server) and the same JWT_SECRET (issue 19).
 *
 * Nothing here asserts a duration: where something must reach the other instance, the test polls
 * with a deadline that only a hang reaches.
 */
const pgServerUrl = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const admin = { email: "admin@aurumwire.test", password: "AurumAdmin#2024" };
const deadlineMs = 60_000;

async function until<T>(what: string, probe: () => Promise<T | undefined | false>): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > deadlineMs) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: the test reads fields of JSON answers it knows
  json: () => any;
}

async function call(base: string, route: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${base}${route}`, { ...init, redirect: "manual" });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

const jsonBody = (payload: unknown, token?: string): RequestInit => ({
  method: "POST",
  headers: {
    "content-type": "application/json",
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  },
  body: JSON.stringify(payload),
});

describe("two instances behind a load balancer", () => {
  const run = `${process.pid}_${randomBytes(4).toString("hex")}`;
  const database = `aurumwire_cluster_${run}`;
  const prefix = `aw-cluster-${run}:`;
  const lockKey = `${prefix}job-lock:market-data:poll`;
  const dataDirs: string[] = [];
  let s3: LocalS3;
  let provider: FakeServer;
  let redis: Redis;
  let monitor: Redis;
  const lockAttempts: string[] = [];
  let first: ServerProcess;
  let second: ServerProcess;
  let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
  let db: pg.Client;
  let token: string;
  let categoryId: number;

  beforeAll(async () => {
    const adminClient = new pg.Client({ connectionString: pgServerUrl });
    await adminClient.connect();
    try {
      await adminClient.query(`create database ${database}`);
    } finally {
      await adminClient.end();
    }
    const databaseUrl = Object.assign(new URL(pgServerUrl), { pathname: `/${database}` }).href;
    s3 = await startLocalS3("aurumwire-cluster");
    provider = await startFakeServer((request, response) =>
      request.path === "/global"
        ? sendJson(response, 200, { data: { total_market_cap: { usd: 1 } } })
        : sendJson(response, 200, []),
    );
    redis = new Redis(redisUrl);
    // Every attempt at the price job's lock, by whichever instance (the value is its id).
    monitor = await redis.monitor();
    monitor.on("monitor", (_time: string, args: string[]) => {
      if (args[0]?.toLowerCase() === "set" && args[1] === lockKey) lockAttempts.push(args[2]);
    });
    const shared = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      JWT_SECRET: randomBytes(32).toString("hex"),
      ...s3.env,
      MARKET_DATA_URL: provider.url,
      // Only an invalidation can make an instance drop a cached page within this test.
      PAGE_CACHE_TTL_SECONDS: "600",
      LOG_LEVEL: "info",
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
    };
    const dataDir = () => {
      const dir = mkdtempSync(path.join(tmpdir(), "aurumwire-cluster-"));
      dataDirs.push(dir);
      return dir;
    };
    // Started together on an empty database: one migrates and seeds, the other waits for it.
    [first, second] = await Promise.all([
      startServerProcess("first", { ...shared, DATA_DIR: dataDir() }),
      startServerProcess("second", { ...shared, DATA_DIR: dataDir() }),
    ]);
    proxy = await startRoundRobinProxy([first, second]);
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const login = await call(first.url, "/api/auth/login", jsonBody(admin));
    expect(login.status, login.text).toBe(200);
    token = login.json().token;
    const categories = (await call(second.url, "/api/categories")).json();
    categoryId = (categories.categories ?? categories.data?.categories ?? categories)[0].id;
  });

  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await proxy?.close();
    await db?.end().catch(() => {});
    monitor?.disconnect();
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
    await provider?.close();
    await s3?.close();
    const adminClient = new pg.Client({ connectionString: pgServerUrl });
    await adminClient.connect();
    await adminClient.query(`drop database if exists ${database} with (force)`);
    await adminClient.end();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  const authorized = () => ({ authorization: `Bearer ${token}` });

  it("seeded the demo content once although both started on the empty database together", async () => {
    const { rows } = await db.query(
      "select email, count(*)::int as n from users group by email having count(*) > 1",
    );
    expect(rows).toEqual([]);
    const articles = await db.query("select count(*)::int as n from articles");
    const slugs = await db.query("select count(distinct slug)::int as n from articles");
    expect(articles.rows[0].n).toBeGreaterThan(0);
    expect(articles.rows[0].n).toBe(slugs.rows[0].n);
    // The covers were drawn into the bucket, and either instance serves them.
    const { rows: covers } = await db.query(
      "select featured_image from articles where featured_image is not null limit 1",
    );
    const cover = await call(second.url, covers[0].featured_image);
    expect(cover.status).toBe(200);
    expect(await s3.exists(covers[0].featured_image.slice("/uploads/".length))).toBe(true);
  });

  it("accepts a login made on one instance on the other", async () => {
    const login = await call(first.url, "/api/auth/login", jsonBody(admin));
    const fresh = login.json().token as string;
    const profile = await call(second.url, "/api/auth/profile", {
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect(profile.status).toBe(200);
    expect(profile.json().user.email).toBe(admin.email);
  });

  it("refuses a session ended on one instance on the other at once (decision 200)", async () => {
    const signIn = async () =>
      (await call(first.url, "/api/auth/login", jsonBody(admin))).json().token as string;
    const [kept, ended] = [await signIn(), await signIn()];
    const bearer = (value: string) => ({ headers: { authorization: `Bearer ${value}` } });
    // Both work on the second instance (which has read, and may keep, what it knows of them).
    expect((await call(second.url, "/api/auth/profile", bearer(ended))).status).toBe(200);
    const sessions = (await call(second.url, "/api/auth/sessions", bearer(ended))).json();
    const endedId = sessions.sessions.find((session: { current: boolean }) => session.current).id;

    const revoked = await call(first.url, `/api/auth/sessions/${endedId}`, {
      method: "DELETE",
      ...bearer(kept),
    });
    expect(revoked.status, revoked.text).toBe(204);
    // No waiting: the very next request to the other instance is refused.
    const refused = await call(second.url, "/api/auth/profile", bearer(ended));
    expect(refused.status).toBe(401);
    expect(refused.json().code).toBe("session_ended");
    expect((await call(second.url, "/api/auth/profile", bearer(kept))).status).toBe(200);
  });

  it("drops the other instance's cached home page when an article is published", async () => {
    // Cached on the second instance first (a price or feed update may drop it once meanwhile).
    await until("the second instance to answer its home page from its cache", async () => {
      const home = await call(second.url, "/");
      return home.status === 200 && home.headers.get("x-page-cache") === "hit";
    });
    const title = `Cluster check ${randomBytes(4).toString("hex")} moves the market`;
    const created = await call(first.url, "/api/articles", {
      ...jsonBody({
        title,
        excerpt: "A short summary of what moved the crypto market today and why it matters.",
        content: `<p>${"Bitcoin traded in a narrow range as investors weighed macro data. ".repeat(3)}</p>`,
        categoryId,
        tags: ["bitcoin"],
        status: "published",
      }),
      headers: { "content-type": "application/json", ...authorized() },
    });
    expect(created.status, created.text).toBe(201);
    // With a 600 s TTL, only the invalidation published through Redis explains the new page.
    const shown = await until(
      "the second instance's home page to show the new article",
      async () => {
        const home = await call(second.url, "/");
        return home.text.includes(title) && home;
      },
    );
    expect(shown.status).toBe(200);
  });

  it("serves an image uploaded through one instance from the other", async () => {
    const image = await sharp({
      create: { width: 1300, height: 700, channels: 3, background: "#b8860b" },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("image", new Blob([image], { type: "image/png" }), "cover.png");
    const uploaded = await call(first.url, "/api/articles/upload", {
      method: "POST",
      headers: authorized(),
      body: form,
    });
    expect(uploaded.status, uploaded.text).toBe(200);
    const { url } = uploaded.json() as { url: string };
    const served = await fetch(`${second.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1200 });
  });

  it("shares the API key limit: the 101st request in a minute is refused by either instance", async () => {
    // A fixed one-minute window starts with a key's first request. Should this machine be so
    // slow that 100 requests straddle a window, the round is repeated with a new key.
    for (let round = 1; ; round += 1) {
      const created = await call(proxy.url, "/api/api-keys", {
        ...jsonBody({ name: `Cluster ${round}`, permissions: ["articles:read"] }),
        headers: { "content-type": "application/json", ...authorized() },
      });
      expect(created.status, created.text).toBe(201);
      const key = created.json().data.apiKey as string;
      const headers = { "x-api-key": key };
      const started = Date.now();
      const upstreams = new Set<string | null>();
      const statuses: number[] = [];
      for (let index = 0; index < 100; index += 1) {
        const answer = await call(proxy.url, "/public/articles?limit=1", { headers });
        statuses.push(answer.status);
        upstreams.add(answer.headers.get("x-upstream"));
      }
      const refusedByFirst = await call(first.url, "/public/articles?limit=1", { headers });
      const refusedBySecond = await call(second.url, "/public/articles?limit=1", { headers });
      if (Date.now() - started > 50_000 && round < 3) continue;
      expect(upstreams).toEqual(new Set(["0", "1"]));
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      expect(refusedByFirst.status).toBe(429);
      expect(refusedBySecond.status).toBe(429);
      return;
    }
  });

  it("runs the price job once per interval across both instances", async () => {
    // Both instances started their jobs when they began listening; wait until each has tried the
    // lock (two different instance ids), and the winner has asked the provider.
    await until("both instances to try the price job's lock", async () => {
      return new Set(lockAttempts).size >= 2;
    });
    await until("the price provider to be asked", async () => {
      return provider.requestsTo("/coins/markets").length >= 1;
    });
    const holder = await redis.get(lockKey);
    expect(lockAttempts).toContain(holder);
    // The loser found the lock and skipped: the provider was asked once, not twice.
    expect(provider.requestsTo("/coins/markets")).toHaveLength(1);
  });

  it("loses no acknowledged write when one instance is killed mid-load, and keeps serving", async () => {
    const acknowledged: number[] = [];
    const failed: number[] = [];
    const refusals: string[] = [];
    let attempts = 0;
    const write = async () => {
      attempts += 1;
      const answer = await call(proxy.url, "/api/articles", {
        ...jsonBody({
          title: `Load write ${attempts} ${randomBytes(3).toString("hex")} in the newsroom`,
          excerpt: "A short summary of what moved the crypto market today and why it matters.",
          content: `<p>${"Written while one instance goes away without warning. ".repeat(3)}</p>`,
          categoryId,
          tags: ["load"],
          status: "draft",
        }),
        headers: { "content-type": "application/json", ...authorized() },
      }).catch(() => null);
      if (answer?.status === 201) acknowledged.push(answer.json().article.id);
      else {
        failed.push(answer?.status ?? 0);
        refusals.push(`${answer?.status}: ${answer?.text.slice(0, 300)}`);
      }
    };
    const writers = (count: number) =>
      Promise.all(
        Array.from({ length: 3 }, async () => {
          for (let index = 0; index < count; index += 1) await write();
        }),
      );

    await writers(4);
    expect(refusals).toEqual([]);
    // The kill lands while the next writes are in flight on both instances.
    const inFlight = writers(5);
    await until(
      "some writes of the second round to be answered",
      async () => acknowledged.length >= 14,
    );
    await first.kill();
    await inFlight;
    const beforeAfterKill = acknowledged.length;
    // From here on the first instance refuses connections: the proxy sends everything on.
    await writers(4);
    expect(acknowledged.length - beforeAfterKill).toBe(12);
    for (let index = 0; index < 6; index += 1) {
      const home = await call(proxy.url, "/");
      expect(home.status).toBe(200);
      expect(home.headers.get("x-upstream")).toBe("1");
    }

    const { rows } = await db.query("select id from articles where id = any($1::int[])", [
      acknowledged,
    ]);
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(
      [...acknowledged].sort((a, b) => a - b),
    );
    // Only a write cut off mid-flight may fail (502), never more than were in flight at the kill.
    expect(failed.every((status) => status === 502 || status === 0)).toBe(true);
    expect(failed.length).toBeLessThanOrEqual(3);
  });
});
