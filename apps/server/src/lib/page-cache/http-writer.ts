import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { canonicalPageKey, isOriginFormPath } from "../page-keys";
import { type CachedPage, isCacheablePagePath, type PageCache } from "./store";

function acceptsEncoding(request: IncomingMessage, encoding: "br" | "gzip"): boolean {
  const header = request.headers["accept-encoding"];
  return typeof header === "string" && header.includes(encoding);
}

/**
 * How a page answer went: a fresh copy (`hit`), rendered for this request (`miss`), a stale copy
 * while its replacement renders (`stale`), or a render that is not kept (`pass`: a 404).
 */
export type PageCacheStatus = "hit" | "miss" | "stale" | "pass";

/** Cache-Control of public pages: shared caches (CDNs) keep them for the TTL and then revalidate. */
export function publicPageCacheControl(ttlSeconds: number): string {
  if (ttlSeconds <= 0) return "public, max-age=0, must-revalidate";
  return `public, max-age=0, s-maxage=${ttlSeconds}, stale-while-revalidate=${ttlSeconds * 4}`;
}

function cacheControlOf(status: PageCacheStatus, ttlSeconds: number): string {
  if (status === "pass") return "no-cache";
  // A stale copy is for this reader only: a CDN keeping it would outlive its replacement.
  if (status === "stale") return "public, max-age=0, must-revalidate";
  return publicPageCacheControl(ttlSeconds);
}

/** Writes a page to a raw response: 304 when the client has it, else the (compressed) body. */
export function writeCachedPage(
  request: IncomingMessage,
  response: ServerResponse,
  page: CachedPage,
  requestId: string,
  cacheStatus: PageCacheStatus,
  ttlSeconds: number,
) {
  const headers = page.headerList.slice();
  headers.push(
    "age",
    String(Math.floor((Date.now() - page.storedAt) / 1000)),
    "cache-control",
    cacheControlOf(page.cacheable ? cacheStatus : "pass", ttlSeconds),
    "x-page-cache",
    page.cacheable ? cacheStatus : "pass",
    "x-request-id",
    requestId,
  );
  if (page.status === 200 && request.headers["if-none-match"] === page.etag) {
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

/** Sends a page straight to the socket, past the rest of Fastify's request lifecycle. */
export function sendCachedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  cacheStatus: PageCacheStatus,
  ttlSeconds: number,
) {
  reply.hijack();
  writeCachedPage(request.raw, reply.raw, page, request.id, cacheStatus, ttlSeconds);
}

/**
 * A copy that can answer this request before any routing: a fresh one, or a stale one while its
 * replacement is already rendering. A stale copy with no render running goes to the web app,
 * which starts that render (it needs the request's headers).
 */
export function pageForRequest(
  cache: PageCache | undefined,
  method: string | undefined,
  url: string,
): { page: CachedPage; status: PageCacheStatus } | undefined {
  if (!cache?.enabled || (method !== "GET" && method !== "HEAD")) return undefined;
  if (!isOriginFormPath(url)) return undefined;
  const queryAt = url.indexOf("?");
  if (!isCacheablePagePath(queryAt === -1 ? url : url.slice(0, queryAt))) return undefined;
  const key = canonicalPageKey(url);
  const found = cache.lookup(key);
  if (!found) return undefined;
  if (found.fresh) return { page: found.page, status: "hit" };
  return cache.isRendering(key) ? { page: found.page, status: "stale" } : undefined;
}
