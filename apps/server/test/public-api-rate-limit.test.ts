import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, users } from "../src/db/schema";
import { createApiKeysRepository } from "../src/modules/api-keys/repository";
import { generateApiKeySecret } from "../src/modules/api-keys/secrets";
import { buildTestApp } from "./helpers";
import { app, callPublic, createKey, usePublicApi } from "./public-api-setup";
import { redisReachable, redisUrl } from "./redis";

usePublicApi();

describe("rate limit", () => {
  it("allows 100 requests a minute per key, then answers 429 with Retry-After", async () => {
    const { secret } = await createKey(["categories:read"]);
    for (let index = 1; index <= 100; index++) {
      const response = await callPublic("GET", "/public/categories", secret);
      expect(response.statusCode).toBe(200);
      expect(response.headers["ratelimit-limit"]).toBe("100");
      expect(response.headers["ratelimit-remaining"]).toBe(String(100 - index));
      if (index === 1) {
        expect(response.headers["ratelimit-policy"]).toBe("100;w=60");
        expect(Number(response.headers["ratelimit-reset"])).toBeGreaterThan(0);
        expect(Number(response.headers["ratelimit-reset"])).toBeLessThanOrEqual(60);
      }
    }
    const over = await callPublic("GET", "/public/categories", secret);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe("rate_limited");
    expect(over.headers["ratelimit-remaining"]).toBe("0");
    const retryAfter = Number(over.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another key of the same owner has its own budget.
    const other = await createKey(["categories:read"]);
    expect((await callPublic("GET", "/public/categories", other.secret)).statusCode).toBe(200);
  });

  it("refuses a key over its limit before looking it up in the database", async () => {
    const { secret, id } = await createKey(["categories:read"]);
    for (let index = 1; index <= 100; index++) {
      expect((await callPublic("GET", "/public/categories", secret)).statusCode).toBe(200);
    }
    // The key's row is gone: an answer that still depended on the lookup would be a 401.
    await app.database.db.delete(apiKeys).where(eq(apiKeys.id, id));
    const over = await callPublic("GET", "/public/categories", secret);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe("rate_limited");
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("answers a key over its limit from the HTTP server with the same 429, docs and other keys still served", async () => {
    const { secret } = await createKey(["categories:read"]);
    for (let index = 1; index <= 101; index++)
      await callPublic("GET", "/public/categories", secret);
    const other = await createKey(["categories:read"]);
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const over = await fetch(`${base}/public/categories?limit=5`, {
        headers: { "x-api-key": secret, "x-request-id": "refused-1" },
      });
      expect(over.status).toBe(429);
      expect(await over.json()).toMatchObject({ code: "rate_limited" });
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(over.headers.get("ratelimit-remaining")).toBe("0");
      expect(over.headers.get("ratelimit-limit")).toBe("100");
      expect(over.headers.get("x-request-id")).toBe("refused-1");
      const bearer = await fetch(`${base}/public/users`, {
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(bearer.status).toBe(429);
      await bearer.arrayBuffer();
      const docs = await fetch(`${base}/public/docs`, { headers: { "x-api-key": secret } });
      expect(docs.status).toBe(200);
      await docs.arrayBuffer();
      const fine = await fetch(`${base}/public/categories`, {
        headers: { "x-api-key": other.secret },
      });
      expect(fine.status).toBe(200);
      await fine.arrayBuffer();
    } finally {
      await app.server.close();
    }
  });
});

describe.skipIf(!(await redisReachable()))("rate limit shared through Redis", () => {
  const prefix = `aw-test-${process.pid}-${randomBytes(4).toString("hex")}:`;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let secret: string;

  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix };
    [first, second] = await Promise.all([buildTestApp({}, env), buildTestApp({}, env)]);
    // Two instances behind one load balancer share one database; here each has its own
    // in-memory one, so the same key is stored in both.
    const generated = generateApiKeySecret();
    secret = generated.secret;
    for (const instance of [first, second]) {
      const [owner] = await instance.database.db
        .select()
        .from(users)
        .where(eq(users.email, "editor@aurumwire.test"));
      await createApiKeysRepository(instance.database.db).insert({
        userId: owner.id,
        name: "Shared",
        keyPrefix: generated.keyPrefix,
        keyHash: generated.keyHash,
        permissions: ["categories:read"],
      });
    }
  });
  afterAll(async () => {
    const cleanup = new Redis(redisUrl);
    const keys = await cleanup.keys(`${prefix}*`);
    if (keys.length) await cleanup.del(...keys);
    cleanup.disconnect();
    await Promise.all([first?.close(), second?.close()]);
  });

  it("counts requests to either instance against one limit of 100", async () => {
    const get = (instance: FastifyInstance) =>
      instance.inject({
        method: "GET",
        url: "/public/categories",
        headers: { "x-api-key": secret },
      });
    for (let index = 1; index <= 100; index++) {
      const response = await get(index % 2 ? first : second);
      expect(response.statusCode).toBe(200);
      expect(response.headers["ratelimit-remaining"]).toBe(String(100 - index));
    }
    const overOnFirst = await get(first);
    const overOnSecond = await get(second);
    expect(overOnFirst.statusCode).toBe(429);
    expect(overOnSecond.statusCode).toBe(429);
    expect(Number(overOnSecond.headers["retry-after"])).toBeGreaterThan(0);
  });
});
