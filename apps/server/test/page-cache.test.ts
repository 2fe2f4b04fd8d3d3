import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import {
  createPageCache,
  isCacheablePagePath,
  pageCacheServerFactory,
  sendRenderedPage,
} from "../src/plugins/page-cache";
import { contentSecurityPolicyHeader } from "../src/plugins/security";

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

describe("the CSP of a cached page", () => {
  it("names the page's inline scripts by hash instead of the nonce every reader would share", async () => {
    const cache = createPageCache({ ttlSeconds: 30 });
    const nonce = "render-nonce-123";
    const inline = [`window.__context = {"a":1};`, `import("/assets/entry.client.js");`];
    const html = `<html><head><script nonce="${nonce}">${inline[0]}</script><script type="module" nonce="${nonce}" src="/assets/root.js"></script></head><body><script nonce="${nonce}">${inline[1]}</script></body></html>`;
    const app = Fastify();
    app.get("/article/csp", async (request, reply) => {
      reply.header("content-security-policy", contentSecurityPolicyHeader(nonce));
      await sendRenderedPage({
        request,
        reply,
        response: new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } }),
        cache,
        renderedInGeneration: cache.generation,
      });
      return reply;
    });
    const response = await app.inject({ url: "/article/csp" });
    await app.close();
    expect(response.statusCode).toBe(200);
    const policy = String(response.headers["content-security-policy"]);
    const cachedPolicy = cache.getPage("/article/csp")?.headerList;
    expect(cachedPolicy).toContain(policy);
    expect(policy).not.toContain("nonce");
    const hashes = inline.map(
      (script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`,
    );
    expect(policy).toContain(`script-src 'self' ${hashes.join(" ")};`);
    expect(policy).toContain("object-src 'none'");
  });
});
