import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { shareInvalidationsThroughRedis } from "../src/lib/page-cache/redis-invalidation";
import { pageCacheServerFactory } from "../src/lib/page-cache/server-factory";
import { createPageCache, isCacheablePagePath } from "../src/lib/page-cache/store";
import { redisKeys } from "../src/lib/redis-keys";
import { redisReachable, redisUrl } from "./redis";

/** The event loop's next turn: a running read is shared until then. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("public content cache", () => {
  it("shares one read among concurrent callers and keeps it until invalidated", async () => {
    const cache = createPageCache({ ttlSeconds: 30 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return loads;
    };
    const [a, b] = await Promise.all([cache.memo("key", load), cache.memo("key", load)]);
    expect([a, b]).toEqual([1, 1]);
    expect(await cache.memo("key", load)).toBe(1);
    cache.invalidate();
    expect(await cache.memo("key", load)).toBe(2);
  });

  it("does not keep failed reads", async () => {
    const cache = createPageCache({ ttlSeconds: 30 });
    await expect(cache.memo("key", () => Promise.reject(new Error("down")))).rejects.toThrow(
      "down",
    );
    expect(await cache.memo("key", async () => "up")).toBe("up");
  });

  it("drops a page rendered before an invalidation, and tells listeners", () => {
    const cache = createPageCache({ ttlSeconds: 30 });
    let told = 0;
    cache.onInvalidate(() => {
      told += 1;
    });
    const page = { status: 200, headers: {}, body: Buffer.from("<html>old</html>") };
    const before = cache.generation;
    cache.invalidate();
    cache.setPage("/", page, before);
    expect(cache.getPage("/")).toBeUndefined();
    cache.setPage("/", page, cache.generation);
    expect(cache.getPage("/")?.body.toString()).toBe("<html>old</html>");
    expect(told).toBe(1);
    cache.invalidateLocal();
    expect(cache.getPage("/")).toBeUndefined();
    expect(told).toBe(1);
  });

  it("drops only the pages and reads that carry an invalidated tag", async () => {
    const cache = createPageCache({ ttlSeconds: 30 });
    const page = (text: string) => ({ status: 200, headers: {}, body: Buffer.from(text) });
    cache.setPage("/article/a", page("a"), cache.generation, ["article:1"]);
    cache.setPage("/", page("home"), cache.generation, ["articles", "article:2"]);
    cache.setPage("/about", page("about"), cache.generation, []);
    let loads = 0;
    const load = async () => ++loads;
    await cache.memo("tagged", load, () => ["article:2"]);
    await cache.memo("untagged", load);
    cache.invalidate(["article:1"]);
    expect(cache.getPage("/article/a")).toBeUndefined();
    // Kept as a stale copy for the render that replaces it.
    expect(cache.lookup("/article/a")?.fresh).toBe(false);
    expect(cache.getPage("/")?.body.toString()).toBe("home");
    expect(cache.getPage("/about")?.body.toString()).toBe("about");
    expect(await cache.memo("tagged", load, () => ["article:2"])).toBe(1);
    // A read that names nothing is dropped by any change.
    expect(await cache.memo("untagged", load)).toBe(3);
    cache.invalidate(["articles"]);
    expect(cache.getPage("/")).toBeUndefined();
    expect(cache.getPage("/about")?.body.toString()).toBe("about");
    cache.invalidate();
    expect(cache.getPage("/about")).toBeUndefined();
  });

  it("gives a page the tags of the reads its render made, and keeps it stale when they changed meanwhile", async () => {
    const cache = createPageCache({ ttlSeconds: 30 });
    const answer = { status: 200, headers: {}, body: Buffer.from("x"), cacheable: true };
    const page = await cache.renderPage("/article/a", async () => {
      await cache.memo(
        "article:a",
        async () => ({ id: 7 }),
        (found) => [`article:${found.id}`],
      );
      return answer;
    });
    expect([...page.tags]).toEqual(["article:7"]);
    expect(cache.getPage("/article/a")).toBe(page);
    let release: () => void = () => {};
    const rendering = cache.renderPage("/other", async () => {
      await cache.memo(
        "article:b",
        async () => ({ id: 8 }),
        (found) => [`article:${found.id}`],
      );
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return answer;
    });
    await new Promise((resolve) => setImmediate(resolve));
    cache.invalidate(["article:8"]);
    release();
    await rendering;
    expect(cache.lookup("/other")?.fresh).toBe(false);
  });

  it("drops a stale copy whose page is gone, and keeps one whose render failed", async () => {
    const cache = createPageCache({ ttlSeconds: 30 });
    const page = { status: 200, headers: {}, body: Buffer.from("x") };
    cache.setPage("/article/gone", page, cache.generation, ["article:1"]);
    cache.setPage("/article/broken", page, cache.generation, ["article:1"]);
    cache.invalidate(["article:1"]);
    const answer = (status: number) => async () => ({
      status,
      headers: {},
      body: Buffer.from(String(status)),
      cacheable: false,
    });
    expect((await cache.renderPage("/article/gone", answer(404))).status).toBe(404);
    expect(cache.lookup("/article/gone")).toBeUndefined();
    expect((await cache.renderPage("/article/broken", answer(500))).status).toBe(500);
    expect(cache.lookup("/article/broken")?.page.body.toString()).toBe("x");
  });

  it("evicts the least recently read page when full", () => {
    const cache = createPageCache({ ttlSeconds: 30 });
    const page = { status: 200, headers: {}, body: Buffer.from("x") };
    cache.setPage("/", page, cache.generation);
    for (let index = 1; index < 1000; index++) {
      cache.setPage(`/search?q=${index}`, page, cache.generation);
    }
    expect(cache.getPage("/")).toBeDefined();
    cache.setPage("/search?q=one-more", page, cache.generation);
    expect(cache.getPage("/")).toBeDefined();
    expect(cache.getPage("/search?q=1")).toBeUndefined();
  });

  it("keeps nothing when the TTL is 0", async () => {
    const cache = createPageCache({ ttlSeconds: 0 });
    let loads = 0;
    await cache.memo("key", async () => ++loads);
    await nextTurn();
    await cache.memo("key", async () => ++loads);
    expect(loads).toBe(2);
    cache.setPage("/", { status: 200, headers: {}, body: Buffer.from("x") }, cache.generation);
    expect(cache.getPage("/")).toBeUndefined();
  });

  it("with the TTL at 0 still shares a read that is running, and forgets it when invalidated", async () => {
    const cache = createPageCache({ ttlSeconds: 0 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.memo("key", load), cache.memo("key", load)])).toEqual([1, 1]);
    await nextTurn();
    expect(await cache.memo("key", load)).toBe(2);
    await nextTurn();
    const running = cache.memo("key", load);
    cache.invalidate();
    expect(await cache.memo("key", load)).toBe(4);
    expect(await running).toBe(3);
    await expect(cache.memo("bad", () => Promise.reject(new Error("down")))).rejects.toThrow();
    await nextTurn();
    expect(await cache.memo("bad", async () => "up")).toBe("up");
  });

  it("caches public pages only", () => {
    for (const path of ["/", "/article/x", "/category/bitcoin", "/search"]) {
      expect(isCacheablePagePath(path)).toBe(true);
    }
    for (const path of [
      "/api/articles",
      "/dashboard",
      "/dashboard/articles",
      "/login",
      "/setup",
      "/profile",
      "/uploads/a.jpg",
    ]) {
      expect(isCacheablePagePath(path)).toBe(false);
    }
  });
});

describe("the page-cache HTTP server", () => {
  it("answers cached pages itself and hands everything else to the app", async () => {
    const cache = createPageCache({ ttlSeconds: 30 });
    const html = `<html><body>${"cached page ".repeat(200)}</body></html>`;
    cache.setPage(
      "/article/x",
      {
        status: 200,
        headers: {
          "content-type": "text/html; charset=utf-8",
          "content-security-policy": "nonce-abc",
          // Left over from the render: every answer sets its own.
          "x-request-id": "render-request",
          "content-length": "5",
        },
        body: Buffer.from(html),
      },
      cache.generation,
    );
    const handled: string[] = [];
    const server = pageCacheServerFactory(() => cache)((request, response) => {
      handled.push(`${request.method} ${request.url}`);
      response.end("from the app");
    }, {});
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const hit = await fetch(`${base}/article/x`, { headers: { "accept-encoding": "identity" } });
      expect(hit.status).toBe(200);
      expect(hit.headers.get("x-page-cache")).toBe("hit");
      expect(hit.headers.get("content-security-policy")).toBe("nonce-abc");
      expect(hit.headers.get("x-request-id")).toMatch(/^[\w-]+$/);
      expect(hit.headers.get("x-request-id")).not.toBe("render-request");
      expect(hit.headers.get("content-length")).toBe(String(Buffer.byteLength(html)));
      expect(hit.headers.get("vary")).toBe("Accept-Encoding");
      expect(hit.headers.get("age")).toBe("0");
      expect(await hit.text()).toBe(html);
      const etag = hit.headers.get("etag") as string;
      const notModified = await fetch(`${base}/article/x`, { headers: { "if-none-match": etag } });
      expect(notModified.status).toBe(304);
      const gzipped = await fetch(`${base}/article/x`, { headers: { "accept-encoding": "gzip" } });
      expect(gzipped.headers.get("content-encoding")).toBe("gzip");
      expect(await gzipped.text()).toBe(html);
      expect(await (await fetch(`${base}/article/y`)).text()).toBe("from the app");
      expect(await (await fetch(`${base}/article/x`, { method: "POST" })).text()).toBe(
        "from the app",
      );
      expect(handled).toEqual(["GET /article/y", "POST /article/x"]);
      cache.invalidate();
      expect(await (await fetch(`${base}/article/x`)).text()).toBe("from the app");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe.skipIf(!(await redisReachable()))("invalidations shared through Redis", () => {
  it("reach the other instances with their tags, on a channel under the key prefix", async () => {
    const prefix = `aw-test-${process.pid}-${randomBytes(4).toString("hex")}:`;
    const [first, second, listener] = [
      new Redis(redisUrl),
      new Redis(redisUrl),
      new Redis(redisUrl),
    ];
    const here = createPageCache({ ttlSeconds: 30 });
    const there = createPageCache({ ttlSeconds: 30 });
    const stops = [
      await shareInvalidationsThroughRedis(here, first, redisKeys(prefix)),
      await shareInvalidationsThroughRedis(there, second, redisKeys(prefix)),
    ];
    try {
      const heard = new Promise<{ channel: string; message: string }>((resolve) => {
        listener.on("message", (channel, message) => resolve({ channel, message }));
      });
      await listener.subscribe(`${prefix}page-cache:invalidate`);
      const page = (text: string) => ({ status: 200, headers: {}, body: Buffer.from(text) });
      there.setPage("/article/a", page("a"), there.generation, ["article:1"]);
      there.setPage("/article/b", page("b"), there.generation, ["article:2"]);
      here.invalidate(["article:1"]);
      const { message } = await heard;
      expect(JSON.parse(message).tags).toEqual(["article:1"]);
      while (there.getPage("/article/a")) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(there.getPage("/article/b")?.body.toString()).toBe("b");
    } finally {
      for (const stop of stops) await stop();
      for (const client of [first, second, listener]) client.disconnect();
    }
  });
});
