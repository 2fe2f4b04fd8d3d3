import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import { responseBytes } from "@aurumwire/shared/rendered-page";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";
import { policyForSharedPage } from "./security";

/** One rendered page as it left the server: every header (the CSP with its nonce too) and body. */
export interface CachedPage {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
  etag: string;
  storedAt: number;
  /**
   * The headers every answer of this page repeats (`headers`, etag, vary), as the flat
   * [name, value, ...] list node:http takes without building an object per request: a hit used to
   * spend more time spreading ~20 headers into a fresh object than writing the page (decision 036).
   */
  headerList: string[];
  gzip?: Buffer;
  brotli?: Buffer;
}

/**
 * Paths whose HTML is the same for every visitor. Sign-in state lives in the browser (a bearer
 * token in localStorage), so the server renders every page anonymously; the dashboard, sign-in and
 * preview screens are still kept out, they are not worth sharing through a CDN.
 */
export function isCacheablePagePath(pathname: string): boolean {
  return !/^\/(api|public|uploads|assets|dashboard|login|register|setup|profile|preview)(\/|$)/.test(
    pathname,
  );
}

const maxPages = 1000;
const maxMemoEntries = 2000;

/**
 * The public content cache: rendered anonymous pages and the results of public reads (lists,
 * articles, categories), both for `ttlSeconds`. `invalidate()` drops everything at once; the
 * services that change articles, categories or settings call it. With Redis configured, an
 * invalidation is published so every instance drops its copy. A TTL of 0 turns it off.
 */
export function createPageCache(options: { ttlSeconds: number }) {
  const ttlMs = options.ttlSeconds * 1000;
  const enabled = ttlMs > 0;
  const pages = new Map<string, CachedPage>();
  const memos = new Map<string, { expires: number; value: Promise<unknown> }>();
  const longMemos = new Map<string, { expires: number; value: Promise<unknown> }>();
  // With the cache off, reads still running are shared (nothing is kept once they settle).
  const inFlight = new Map<string, Promise<unknown>>();
  let generation = 0;
  const invalidationListeners: Array<() => void> = [];

  function dropLocal() {
    generation += 1;
    pages.clear();
    memos.clear();
    longMemos.clear();
    inFlight.clear();
  }

  return {
    enabled,
    ttlSeconds: options.ttlSeconds,

    getPage(key: string): CachedPage | undefined {
      const page = pages.get(key);
      if (!page) return undefined;
      if (Date.now() - page.storedAt >= ttlMs) {
        pages.delete(key);
        return undefined;
      }
      return page;
    },

    /** Stores a page unless the cache was invalidated while it was being rendered. */
    setPage(
      key: string,
      page: Omit<CachedPage, "etag" | "storedAt" | "headerList">,
      renderedInGeneration: number,
    ): CachedPage {
      const etag = `W/"${createHash("sha1").update(page.body).digest("base64url")}"`;
      const stored: CachedPage = {
        ...page,
        etag,
        storedAt: Date.now(),
        headerList: fixedHeaderList(page.headers, etag),
      };
      if (!enabled || renderedInGeneration !== generation) return stored;
      if (pages.size >= maxPages) pages.delete(pages.keys().next().value as string);
      pages.set(key, stored);
      return stored;
    },

    /** Current generation: read it before rendering, hand it to setPage after. */
    get generation() {
      return generation;
    },

    /**
     * A public read, shared by concurrent callers and kept for the TTL. A failed read is not
     * kept. Only for results that are the same for every anonymous visitor. With the cache off
     * (TTL 0) nothing is kept, but callers that ask while the same read is running still share
     * it: a burst of identical requests costs one query, and none gets an answer that started
     * before it asked (decision 039).
     */
    memo<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (!enabled) {
        const running = inFlight.get(key);
        if (running) return running as Promise<T>;
        const value = load();
        inFlight.set(key, value);
        // Kept until the event loop has taken in what arrived meanwhile: requests sent while the
        // read ran may only be read after it settled (when this thread was busy rendering), and
        // they asked while it was running.
        const settle = () =>
          setImmediate(() => {
            if (inFlight.get(key) === value) inFlight.delete(key);
          });
        value.then(settle, settle);
        return value;
      }
      const now = Date.now();
      const hit = memos.get(key);
      if (hit && hit.expires > now) return hit.value as Promise<T>;
      if (memos.size >= maxMemoEntries) memos.delete(memos.keys().next().value as string);
      const value = load();
      const entry = { expires: now + ttlMs, value };
      memos.set(key, entry);
      value.catch(() => {
        if (memos.get(key) === entry) memos.delete(key);
      });
      return value;
    },

    /**
     * Like memo, with a lifetime of its own that holds even when the page cache is off: for
     * derived lists that change slowly (related articles: the spec's 5 minutes). Still dropped
     * by invalidate().
     */
    memoFor<T>(key: string, lifetimeMs: number, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = longMemos.get(key);
      if (hit && hit.expires > now) return hit.value as Promise<T>;
      if (longMemos.size >= maxMemoEntries)
        longMemos.delete(longMemos.keys().next().value as string);
      const value = load();
      const entry = { expires: now + lifetimeMs, value };
      longMemos.set(key, entry);
      value.catch(() => {
        if (longMemos.get(key) === entry) longMemos.delete(key);
      });
      return value;
    },

    /** Forget every cached page and read, here and (through Redis) on every other instance. */
    invalidate() {
      dropLocal();
      for (const listener of invalidationListeners) listener();
    },

    /** An invalidation announced by another instance. */
    invalidateLocal: dropLocal,

    /** Called after every invalidate() (not invalidateLocal), to tell other instances. */
    onInvalidate(listener: () => void) {
      invalidationListeners.push(listener);
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

const invalidationChannel = "aurumwire:page-cache:invalidate";

/**
 * With several instances behind a load balancer, one instance's invalidation must reach all:
 * it is published on a Redis channel, and every other instance drops its local copy.
 */
export async function shareInvalidationsThroughRedis(
  cache: PageCache,
  redis: Redis,
): Promise<() => Promise<void>> {
  const instanceId = randomUUID();
  const subscriber = redis.duplicate();
  await subscriber.subscribe(invalidationChannel);
  subscriber.on("message", (_channel, from: string) => {
    if (from !== instanceId) cache.invalidateLocal();
  });
  cache.onInvalidate(() => {
    redis.publish(invalidationChannel, instanceId).catch(() => {
      // A lost message only means another instance serves stale pages until the TTL ends.
    });
  });
  return async () => {
    await subscriber.quit().catch(() => {});
  };
}

function acceptsEncoding(request: IncomingMessage, encoding: "br" | "gzip"): boolean {
  const header = request.headers["accept-encoding"];
  return typeof header === "string" && header.includes(encoding);
}

/** Set per answer by writeCachedPage, so never taken from the stored headers. */
const perAnswerHeaders = new Set([
  "age",
  "content-length",
  "content-encoding",
  "etag",
  "vary",
  "x-page-cache",
  "x-request-id",
]);

function fixedHeaderList(headers: CachedPage["headers"], etag: string): string[] {
  const list: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (perAnswerHeaders.has(name.toLowerCase())) continue;
    for (const item of Array.isArray(value) ? value : [value]) list.push(name, item);
  }
  list.push("etag", etag, "vary", "Accept-Encoding");
  return list;
}

/** Writes a cached page to a raw response: 304 when the client has it, else the (compressed) body. */
function writeCachedPage(
  request: IncomingMessage,
  response: ServerResponse,
  page: CachedPage,
  requestId: string,
  cacheStatus: "hit" | "miss",
) {
  const headers = page.headerList.slice();
  headers.push(
    "age",
    String(Math.floor((Date.now() - page.storedAt) / 1000)),
    "x-page-cache",
    cacheStatus,
    "x-request-id",
    requestId,
  );
  if (request.headers["if-none-match"] === page.etag) {
    response.writeHead(304, headers);
    response.end();
    return;
  }
  let body = page.body;
  if (page.body.length > 1024 && acceptsEncoding(request, "br")) {
    page.brotli ??= brotliCompressSync(page.body, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 },
    });
    body = page.brotli;
    headers.push("content-encoding", "br");
  } else if (page.body.length > 1024 && acceptsEncoding(request, "gzip")) {
    page.gzip ??= gzipSync(page.body, { level: 6 });
    body = page.gzip;
    headers.push("content-encoding", "gzip");
  }
  headers.push("content-length", String(body.length));
  response.writeHead(page.status, headers);
  response.end(request.method === "HEAD" ? undefined : body);
}

/** Sends a cached page straight to the socket, past the rest of Fastify's request lifecycle. */
export function sendCachedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  cacheStatus: "hit" | "miss" = "hit",
) {
  reply.hijack();
  writeCachedPage(request.raw, reply.raw, page, request.id, cacheStatus);
}

function cachedPageFor(cache: PageCache | undefined, request: IncomingMessage) {
  if (!cache?.enabled || (request.method !== "GET" && request.method !== "HEAD")) return undefined;
  const url = request.url ?? "/";
  if (!isCacheablePagePath(url.split("?")[0])) return undefined;
  return cache.getPage(url);
}

/**
 * Fastify's serverFactory: the HTTP server answers cached pages itself, before Fastify builds a
 * request (routing, hooks, request objects cost as much as the answer). Everything else goes to
 * Fastify. Request ids follow the app's rule (a sane incoming X-Request-ID, else a new one).
 * Cache hits are not in the request log.
 */
export function pageCacheServerFactory(cache: () => PageCache | undefined) {
  return (
    handler: (request: IncomingMessage, response: ServerResponse) => void,
    options: { keepAliveTimeout?: number; requestTimeout?: number; connectionTimeout?: number },
  ): Server => {
    const requestTimeout = options.requestTimeout ?? 0;
    const server = createServer(
      {
        // How often Node checks the header and request time-outs: often enough that a short
        // limit (tests) is kept, at most every 15 s.
        connectionsCheckingInterval:
          requestTimeout > 0 ? Math.min(15_000, Math.max(250, requestTimeout / 4)) : 30_000,
      },
      (request, response) => {
        const page = cachedPageFor(cache(), request);
        if (!page) return handler(request, response);
        const incoming = request.headers["x-request-id"];
        const requestId =
          typeof incoming === "string" && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
        writeCachedPage(request, response, page, requestId, "hit");
      },
    );
    server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
    server.requestTimeout = requestTimeout;
    // Headers come first and are small: a third of the request's time, 20 s at most.
    if (requestTimeout > 0) server.headersTimeout = Math.min(20_000, Math.ceil(requestTimeout / 3));
    server.setTimeout(options.connectionTimeout ?? 0);
    return server;
  };
}

/** Cache-Control of public pages: shared caches (CDNs) keep them for the TTL and then revalidate. */
export function publicPageCacheControl(ttlSeconds: number): string {
  if (ttlSeconds <= 0) return "public, max-age=0, must-revalidate";
  return `public, max-age=0, s-maxage=${ttlSeconds}, stale-while-revalidate=${ttlSeconds * 4}`;
}

/**
 * After the web app rendered a page: a public 200 HTML page gets shareable Cache-Control and is
 * kept in the cache with its headers; its CSP names the page's inline scripts by hash instead of
 * the render's nonce, which every reader of the cached copy would share. Returns false when the
 * caller should send the response itself.
 */
export async function sendRenderedPage(options: {
  request: FastifyRequest;
  reply: FastifyReply;
  response: Response;
  cache: PageCache;
  renderedInGeneration: number;
}): Promise<boolean> {
  const { request, reply, response, cache } = options;
  const pathname = request.url.split("?")[0];
  const isHtml = response.headers.get("content-type")?.startsWith("text/html") ?? false;
  if (!isCacheablePagePath(pathname)) {
    if (isHtml) reply.header("cache-control", "private, no-cache");
    return false;
  }
  if (request.method !== "GET" || response.status !== 200 || !isHtml) {
    if (isHtml) reply.header("cache-control", "no-cache");
    return false;
  }
  const bytes = await responseBytes(response);
  if (!bytes) return false;
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined && name !== "x-request-id") headers[name] = String(value);
  }
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") headers[name] = value;
  }
  // A page that sets cookies is someone's page: send it, never share it.
  if (response.headers.getSetCookie().length) return false;
  headers["cache-control"] = publicPageCacheControl(cache.ttlSeconds);
  const policy = headers["content-security-policy"];
  if (typeof policy === "string") {
    headers["content-security-policy"] = policyForSharedPage(policy, body.toString("utf8"));
  }
  const page = cache.setPage(
    request.url,
    { status: response.status, headers, body },
    options.renderedInGeneration,
  );
  sendCachedPage(request, reply, page, "miss");
  return true;
}

/**
 * Answers anonymous page requests from the cache before any other work (routing aside). Pages are
 * put into the cache by the web app plugin after rendering.
 */
export default fp(
  async function pageCachePlugin(app: FastifyInstance, options: { cache: PageCache }) {
    const { cache } = options;
    if (!cache.enabled) return;
    app.addHook("onRequest", async (request, reply) => {
      if (request.method !== "GET" && request.method !== "HEAD") return;
      const pathname = request.url.split("?")[0];
      if (!isCacheablePagePath(pathname)) return;
      const page = cache.getPage(request.url);
      if (!page) return;
      sendCachedPage(request, reply, page);
      return reply;
    });
  },
  { name: "page-cache" },
);
