import { describe, expect, it } from "vitest";
import { createPageCache, isCacheablePagePath } from "../src/plugins/page-cache";

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
    await cache.memo("key", async () => ++loads);
    expect(loads).toBe(2);
    cache.setPage("/", { status: 200, headers: {}, body: Buffer.from("x") }, cache.generation);
    expect(cache.getPage("/")).toBeUndefined();
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
      "/profile",
      "/uploads/a.jpg",
    ]) {
      expect(isCacheablePagePath(path)).toBe(false);
    }
  });
});
