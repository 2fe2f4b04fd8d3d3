import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisConnectionName, redisKeys } from "../src/lib/redis-keys";
import { buildTestApp, loginAs } from "./helpers";
import { redisReachable, redisUrl } from "./redis";

/** Commands whose first argument is a channel, which COMMAND GETKEYS does not report. */
const channelCommands = new Set(["publish", "spublish", "subscribe", "ssubscribe", "psubscribe"]);

describe("redisKeys", () => {
  it("puts the prefix first and joins parts with ':'", () => {
    const keys = redisKeys("aw:");
    expect(keys.key("job-lock", "market-data:poll")).toBe("aw:job-lock:market-data:poll");
    expect(keys.scope("counter").key("login-attempts:x")).toBe("aw:counter:login-attempts:x");
    expect(keys.scope("a", "b").scope("c").prefix).toBe("aw:a:b:c:");
    expect(redisConnectionName(keys)).toBe("aurumwire:aw:");
  });
});

/**
 * Watches (MONITOR) every command the app's own connections send while it logs people in, counts
 * API requests, takes a job lock and announces an invalidation, and checks that every key and
 * channel in them starts with REDIS_KEY_PREFIX. The app's connections are told apart from other
 * test files' by the name they give themselves (CLIENT SETNAME).
 */
describe.skipIf(!(await redisReachable()))("every Redis key and channel of the app", () => {
  const prefix = `aw-test-${process.pid}-${randomBytes(4).toString("hex")}:`;
  let app: FastifyInstance;
  let admin: Redis;
  let monitor: Redis;
  const seen: Array<{ args: string[]; source: string }> = [];

  beforeAll(async () => {
    admin = new Redis(redisUrl);
    monitor = await admin.monitor();
    monitor.on("monitor", (_time: string, args: string[], source: string) => {
      seen.push({ args, source });
    });
    app = await buildTestApp({}, { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix });
  });
  afterAll(async () => {
    monitor?.disconnect();
    await app?.close();
    if (admin) {
      const left = await admin.keys(`${prefix}*`);
      if (left.length) await admin.del(...left);
      admin.disconnect();
    }
  });

  it("starts with the prefix, and the app's counters, locks and channel use Redis", async () => {
    const auth = await loginAs(app, "admin");
    const wrong = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "nobody@aurumwire.test", password: "not-the-password" },
    });
    expect(wrong.statusCode).toBe(401);
    const created = await app.inject({
      method: "POST",
      url: "/api/api-keys",
      headers: auth,
      payload: { name: "Prefix check", permissions: ["articles:read"] },
    });
    expect(created.statusCode).toBe(201);
    const apiKey = created.json().data.apiKey as string;
    const read = await app.inject({
      method: "GET",
      url: "/public/articles",
      headers: { "x-api-key": apiKey },
    });
    expect(read.statusCode).toBe(200);
    expect(await app.jobs.runNow("market-data:poll")).toBe("ran");
    app.services.pageCache.invalidate(["article:1"]);

    const name = redisConnectionName(redisKeys(prefix));
    const ours = new Set<string>();
    // MONITOR delivers asynchronously: wait until the last of the actions above has arrived.
    const lockKey = `${prefix}job-lock:market-data:poll`;
    const channel = `${prefix}page-cache:invalidate`;
    for (;;) {
      const clients = (await admin.client("LIST")) as string;
      for (const line of clients.split("\n")) {
        if (!line.includes(` name=${name} `)) continue;
        const address = /\baddr=(\S+)/.exec(line)?.[1];
        if (address) ours.add(address);
      }
      const mine = seen.filter((entry) => ours.has(entry.source));
      const sawLock = mine.some((entry) => entry.args[0].toLowerCase() === "set");
      const sawPublish = mine.some((entry) => entry.args[0].toLowerCase() === "publish");
      if (sawLock && sawPublish) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const named: string[] = [];
    for (const { args } of seen.filter((entry) => ours.has(entry.source))) {
      const command = args[0].toLowerCase();
      if (channelCommands.has(command)) {
        named.push(
          ...(command === "publish" || command === "spublish" ? [args[1]] : args.slice(1)),
        );
        continue;
      }
      try {
        named.push(...((await admin.call("COMMAND", "GETKEYS", ...args)) as string[]));
      } catch {
        // The command names no key (PING, CLIENT, INFO, MULTI, EXEC, ...).
      }
    }
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((key) => !key.startsWith(prefix))).toEqual([]);
    expect(named).toContain(channel);
    expect(named).toContain(lockKey);
    expect(named.some((key) => key.startsWith(`${prefix}counter:login-attempts:`))).toBe(true);
    expect(named.some((key) => key.startsWith(`${prefix}counter:public-api:rate:`))).toBe(true);
  });
});
