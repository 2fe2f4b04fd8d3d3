import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { articleListQuerySchema } from "@aurumwire/shared/articles";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { canonicalPageKey, isOriginFormPath, sectionTabKeys } from "../src/lib/page-keys";
import type { WebLoadContext } from "../src/lib/web-app/load-context";
import { buildTestApp, loginAs } from "./helpers";

/**
 * The public page pipeline (page-keys.ts, page-cache.ts, web-app.ts) with the real services and
 * database. The built React Router app is not there in unit tests; a small request handler with
 * the same signature stands in for it: it reads through the same services the route loaders use,
 * counts its renders and can be held mid-render.
 */

const html = (body: string, status = 200) =>
  new Response(`<!doctype html><html><body>${body}</body></html>`, {
    status,
    headers: { "content-type": "text/html; charset=utf-8" },
  });

/** Renders held until the test lets them finish (a render that takes a while, without timing). */
function createGate() {
  let open: () => void = () => {};
  let opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    wait: () => opened,
    open: () => open(),
    close: () => {
      opened = new Promise<void>((resolve) => {
        open = resolve;
      });
    },
  };
}

// Non-ASCII text before and inside the scripts: a character is then not a byte, and the hashes
// are of each script's UTF-8 bytes.
const inlineScripts = [
  `window.__context = {"a":1};`,
  `window.__title = "Bitcoin · Ether — café ₿ 🚀";`,
  `import("/assets/entry.client.js");`,
];
const renders = new Map<string, number>();
const rendersOf = (key: string) => renders.get(key) ?? 0;
const gate = createGate();
let version = 1;

async function standInWebApp(request: Request, context: WebLoadContext): Promise<Response> {
  const url = new URL(request.url);
  const key = `${url.pathname}${url.search}`;
  renders.set(key, rendersOf(key) + 1);
  const echo = `<p data-url="${key}">rendered from ${key}</p>`;
  const { articles } = context.services;
  if (url.pathname === "/") {
    const list = await articles.list(articleListQuerySchema.parse({ limit: 5 }));
    return html(
      `${echo}<ul>${list.articles.map((item) => `<li>${item.title}</li>`).join("")}</ul>`,
    );
  }
  const articleSlug = /^\/article\/([^/]+)$/.exec(url.pathname)?.[1];
  if (articleSlug) {
    try {
      const article = await articles.get(articleSlug);
      return html(`${echo}<h1>${article.title}</h1>${article.content}`);
    } catch {
      return html("Article not found", 404);
    }
  }
  if (url.pathname === "/csp-page") {
    const nonce = context.nonce;
    return html(
      `<h1>Markets · today — “€” 🚀</h1><script nonce="${nonce}">${inlineScripts[0]}</script>` +
        `<p>Ether’s … week</p><script nonce="${nonce}">${inlineScripts[1]}</script>` +
        `<script type="module" nonce="${nonce}" src="/assets/root.js"></script>` +
        `<script nonce="${nonce}">${inlineScripts[2]}</script>`,
    );
  }
  if (url.pathname.startsWith("/gated")) {
    await gate.wait();
    return html(`${echo}<p>version ${version}</p>`);
  }
  return html(`${echo}<p>A static page</p>`);
}

let app: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  app = await buildTestApp(
    // No public render waits for a slot: the ninth at once is refused.
    { pageCacheTtlSeconds: 60, pageRenderQueueLimit: 0 },
    {},
    { web: { handleRequest: standInWebApp } },
  );
  baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  gate.open();
  await app?.close();
});
beforeEach(() => {
  gate.open();
  app.services.pageCache.invalidate();
});

const get = (url: string) => app.inject({ method: "GET", url });

/** Lets the one render that replaces a stale copy finish. */
async function refreshed(key: string) {
  while (app.services.pageCache.isRendering(key)) await new Promise((r) => setTimeout(r, 2));
}

describe("page cache keys", () => {
  it("keep the parameters a page reads, normalised, and nothing else", () => {
    expect(canonicalPageKey("/?utm_source=x&fbclid=y&cb=123")).toBe("/");
    expect(canonicalPageKey("/article/some-story?utm_campaign=z")).toBe("/article/some-story");
    expect(canonicalPageKey("/articles?page=1&tab=all")).toBe("/articles");
    expect(canonicalPageKey("/articles?utm_medium=m&tab=viral&page=02")).toBe(
      "/articles?page=2&tab=viral",
    );
    expect(canonicalPageKey("/articles/?tab=nonsense&page=abc")).toBe("/articles");
    expect(canonicalPageKey("/search?q=%20ether%20staking%20&cb=9")).toBe(
      "/search?q=ether+staking",
    );
    expect(canonicalPageKey("/search?tab=viral&q=eth")).toBe("/search?q=eth&tab=viral");
    expect(canonicalPageKey("/markets?tab=trading&q=ignored")).toBe("/markets?tab=trading");
    expect(canonicalPageKey("/analysis?tab=market-analysis")).toBe("/analysis?tab=market-analysis");
    expect(canonicalPageKey("/category/bitcoin?page=3&tab=viral")).toBe("/category/bitcoin?page=3");
    // Only plain paths become keys: `//host/x` would name another host to a URL parser.
    expect(isOriginFormPath("/about?x=1")).toBe(true);
    expect(isOriginFormPath("//evil.example/about")).toBe(false);
    expect(isOriginFormPath("http://evil.example/about")).toBe(false);
  });

  it("know the tabs the web app's section pages offer", () => {
    const routes = path.join(import.meta.dirname, "../../web/app/routes");
    const tabsIn = (file: string, list: string) => {
      const source = readFileSync(path.join(routes, file), "utf8");
      const block = new RegExp(`const ${list}: ArticleTab\\[\\] = \\[([\\s\\S]*?)\\n\\];`).exec(
        source,
      )?.[1];
      return [...(block ?? "").matchAll(/key: "([^"]+)"/g)].map((match) => match[1]);
    };
    expect(tabsIn("articles.tsx", "newsTabs")).toEqual([...sectionTabKeys.news]);
    expect(tabsIn("markets.tsx", "marketTabs")).toEqual([...sectionTabKeys.markets]);
    expect(tabsIn("analysis.tsx", "analysisTabs")).toEqual([...sectionTabKeys.analysis]);
  });

  it("make cache-busting and tracking parameters hits on the one copy, rendered without them", async () => {
    const first = await get("/about?fbclid=abc&utm_source=newsletter");
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-page-cache"]).toBe("miss");
    // Rendered from its key: nothing of the parameters it ignores is on the page.
    expect(first.body).toContain('data-url="/about"');
    expect(first.body).not.toContain("fbclid");
    for (const url of ["/about", "/about?cb=1", "/about?cb=2&utm_medium=social", "/about/"]) {
      const again = await get(url);
      expect(again.headers["x-page-cache"]).toBe("hit");
      expect(again.body).toBe(first.body);
    }
    expect(rendersOf("/about")).toBe(1);
  });

  it("answer busted URLs from the cache in the HTTP server too", async () => {
    await get("/contact");
    for (const bust of ["cb=1", "cb=2", "utm_source=x&fbclid=y"]) {
      const response = await fetch(`${baseUrl}/contact?${bust}`);
      expect(response.headers.get("x-page-cache")).toBe("hit");
      await response.arrayBuffer();
    }
    expect(rendersOf("/contact")).toBe(1);
  });
});

describe("an article change", () => {
  let editor: { authorization: string };
  let latest: { id: number; slug: string };
  let older: { id: number; slug: string };
  let other: { id: number; slug: string };

  beforeAll(async () => {
    editor = await loginAs(app, "editor");
    const list = await app.services.articles.list(articleListQuerySchema.parse({ limit: 30 }));
    [latest] = list.articles;
    // Far from the home's five.
    older = list.articles[20];
    other = list.articles[25];
  });

  const save = (id: number, payload: object) =>
    app.inject({ method: "PUT", url: `/api/articles/${id}`, headers: editor, payload });

  async function warm(...urls: string[]) {
    for (const url of urls) {
      await get(url);
      expect((await get(url)).headers["x-page-cache"]).toBe("hit");
    }
  }

  it("drops the article's page only, not the home it is not on nor other pages", async () => {
    await warm("/", `/article/${older.slug}`, `/article/${other.slug}`, "/about");
    const saved = await save(older.id, {
      content: `<p>${"An update to an older story, with new details for its readers. ".repeat(3)}</p>`,
    });
    expect(saved.statusCode).toBe(200);
    const page = await get(`/article/${older.slug}`);
    expect(page.headers["x-page-cache"]).toBe("miss");
    expect(page.body).toContain("An update to an older story");
    for (const url of ["/", `/article/${other.slug}`, "/about"]) {
      expect((await get(url)).headers["x-page-cache"], url).toBe("hit");
    }
  });

  it("drops the home when the article is on it", async () => {
    await warm("/", `/article/${other.slug}`, "/about");
    const rendersBefore = rendersOf("/");
    expect(
      (await save(latest.id, { title: "A corrected headline for the top story" })).statusCode,
    ).toBe(200);
    // The first reader after the save (the editor checking it) gets the new page.
    const first = await get("/");
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(first.body).toContain("A corrected headline for the top story");
    const again = await get("/");
    expect(again.headers["x-page-cache"]).toBe("hit");
    expect(again.body).toBe(first.body);
    expect(rendersOf("/")).toBe(rendersBefore + 1);
    expect((await get(`/article/${other.slug}`)).headers["x-page-cache"]).toBe("hit");
    expect((await get("/about")).headers["x-page-cache"]).toBe("hit");
  });

  it("drops every list when an article leaves them, and its page answers 404 after", async () => {
    await warm("/", `/article/${other.slug}`, `/article/${older.slug}`, "/about");
    expect((await save(older.id, { status: "draft" })).statusCode).toBe(200);
    // Not on the home, but the home's list moved: it is replaced too.
    expect((await get("/")).headers["x-page-cache"]).toBe("miss");
    expect((await get(`/article/${other.slug}`)).headers["x-page-cache"]).toBe("hit");
    expect((await get("/about")).headers["x-page-cache"]).toBe("hit");
    // Its page is replaced by the 404, and no stale copy of the withdrawn article is left.
    const gone = await get(`/article/${older.slug}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers["x-page-cache"]).toBe("pass");
    expect(app.services.pageCache.lookup(`/article/${older.slug}`)).toBeUndefined();
  });
});

describe("stale-while-revalidate", () => {
  it("shares one render among concurrent misses of one page", async () => {
    gate.close();
    const waiting = [1, 2, 3, 4, 5].map((n) => get(`/gated/shared?utm_source=${n}`));
    await new Promise((resolve) => setImmediate(resolve));
    gate.open();
    const answers = await Promise.all(waiting);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(rendersOf("/gated/shared")).toBe(1);
    expect((await get("/gated/shared")).headers["x-page-cache"]).toBe("hit");
  });

  it("after a change, makes the first reader wait for the new page and gives the others the stale copy at once", async () => {
    version = 1;
    await get("/gated/changed");
    expect(rendersOf("/gated/changed")).toBe(1);
    app.services.pageCache.invalidate();
    version = 2;
    gate.close();
    const first = get("/gated/changed");
    while (!app.services.pageCache.isRendering("/gated/changed")) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Answered while the new page is still held mid-render.
    const readers = await Promise.all([1, 2, 3, 4, 5].map(() => get("/gated/changed")));
    for (const reader of readers) {
      expect(reader.headers["x-page-cache"]).toBe("stale");
      expect(reader.body).toContain("version 1");
    }
    const overHttp = await fetch(`${baseUrl}/gated/changed?cb=7`);
    expect(overHttp.headers.get("x-page-cache")).toBe("stale");
    await overHttp.arrayBuffer();
    gate.open();
    const answer = await first;
    expect(answer.headers["x-page-cache"]).toBe("miss");
    expect(answer.body).toContain("version 2");
    const fresh = await get("/gated/changed");
    expect(fresh.headers["x-page-cache"]).toBe("hit");
    expect(rendersOf("/gated/changed")).toBe(2);
  });

  it("serves a copy past its TTL at once while exactly one render replaces it", async () => {
    version = 1;
    await get("/gated/expired");
    version = 2;
    gate.close();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      // Nobody waits: every reader, the first too, gets the old copy while the render is held.
      const readers = await Promise.all([1, 2, 3, 4, 5].map(() => get("/gated/expired")));
      for (const reader of readers) {
        expect(reader.headers["x-page-cache"]).toBe("stale");
        expect(reader.body).toContain("version 1");
      }
      expect(rendersOf("/gated/expired")).toBe(2);
      gate.open();
      await refreshed("/gated/expired");
      const fresh = await get("/gated/expired");
      expect(fresh.headers["x-page-cache"]).toBe("hit");
      expect(fresh.body).toContain("version 2");
    } finally {
      vi.useRealTimers();
    }
    expect(rendersOf("/gated/expired")).toBe(2);
  });
});

describe("overload", () => {
  it("refuses a public render past the queue's bound at once, serves stale copies, and keeps staff served", async () => {
    await get("/gated/kept");
    app.services.pageCache.invalidate();
    gate.close();
    // Eight renders hold every slot.
    const held = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => get(`/gated/held-${n}`));
    await new Promise((resolve) => setImmediate(resolve));

    const refused = await get("/gated/one-too-many");
    expect(refused.statusCode).toBe(503);
    expect(refused.headers["retry-after"]).toBe("1");
    expect(refused.headers["cache-control"]).toBe("no-store");

    // A page with a stale copy is still answered with it.
    const stale = await get("/gated/kept");
    expect(stale.statusCode).toBe(200);
    expect(stale.headers["x-page-cache"]).toBe("stale");

    // The staff API does not wait for renders.
    const editor = await loginAs(app, "editor");
    const mine = await app.inject({ method: "GET", url: "/api/articles?limit=5", headers: editor });
    expect(mine.statusCode).toBe(200);

    // A staff screen waits for a slot but is never refused.
    const dashboard = app.inject({ method: "GET", url: "/dashboard" });
    gate.open();
    expect((await dashboard).statusCode).toBe(200);
    expect((await Promise.all(held)).map((answer) => answer.statusCode)).toEqual(
      Array(8).fill(200),
    );
  });
});

describe("the CSP of a shared page", () => {
  it("names the page's inline scripts by hash instead of the nonce every reader would share", async () => {
    const first = await get("/csp-page");
    const second = await get("/csp-page");
    expect(first.statusCode).toBe(200);
    expect(second.headers["x-page-cache"]).toBe("hit");
    for (const response of [first, second]) {
      const policy = String(response.headers["content-security-policy"]);
      expect(policy).not.toContain("nonce");
      const hashes = inlineScripts.map(
        (script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`,
      );
      expect(policy).toContain(`script-src 'self' ${hashes.join(" ")};`);
      expect(policy).toContain("object-src 'none'");
    }
  });
});
