import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { rateLimitHeaders } from "@aurumwire/shared/public-api";
import { hashApiKey, looksLikeApiKey } from "../modules/api-keys/secrets";

/** The API key a request presents: the X-API-Key header, else a bearer token. */
export function presentedApiKey(headers: IncomingHttpHeaders): string | null {
  const header = headers["x-api-key"];
  if (typeof header === "string" && header.trim()) return header.trim();
  const authorization = headers.authorization;
  const match = authorization ? /^Bearer\s+(.+)$/i.exec(authorization) : null;
  return match ? match[1].trim() : null;
}

/** Keys remembered at most; past this they are forgotten at once (they are refused again by Fastify). */
const maxRemembered = 10_000;

/**
 * Public API keys over their per-minute limit, remembered until their window resets, so that the
 * HTTP server answers their next requests with the same 429 itself, before Fastify builds a
 * request (like a cached page: decision 084). The count only grows within a window, so a key over
 * the limit stays over it until the reset, on this instance and (with Redis) on every other one.
 * These answers are not in the request log, as cache hits are not.
 */
export function createRateLimitRefusals(options: { requestsPerMinute: number }) {
  const limit = options.requestsPerMinute;
  const resetAtByKeyHash = new Map<string, number>();
  /** Paths under /public that need no key (docs): never refused here. */
  const openPaths = new Set<string>();

  return {
    /** Called by the rate limit when it refuses a key. */
    remember(keyHash: string, resetAt: number) {
      if (resetAtByKeyHash.size >= maxRemembered) resetAtByKeyHash.clear();
      resetAtByKeyHash.set(keyHash, resetAt);
    },

    allowWithoutKey(path: string) {
      openPaths.add(path);
    },

    /** Answers the request with 429 when its key is known to be over the limit; else false. */
    answer(request: IncomingMessage, response: ServerResponse, requestId: () => string): boolean {
      if (resetAtByKeyHash.size === 0) return false;
      const url = request.url ?? "";
      if (!url.startsWith("/public/")) return false;
      const queryAt = url.indexOf("?");
      const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(/\/+$/, "");
      if (openPaths.has(path)) return false;
      const secret = presentedApiKey(request.headers);
      if (!secret || !looksLikeApiKey(secret)) return false;
      const keyHash = hashApiKey(secret);
      const resetAt = resetAtByKeyHash.get(keyHash);
      if (resetAt === undefined) return false;
      const now = Date.now();
      if (resetAt <= now) {
        resetAtByKeyHash.delete(keyHash);
        return false;
      }
      const seconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
      const body = JSON.stringify({
        error: `This API key has made more than ${limit} requests in a minute. Please try again in ${seconds} seconds.`,
        code: "rate_limited",
      });
      response.writeHead(429, [
        "content-type",
        "application/json; charset=utf-8",
        "content-length",
        String(Buffer.byteLength(body)),
        "cache-control",
        "no-store",
        "x-content-type-options",
        "nosniff",
        "retry-after",
        String(seconds),
        rateLimitHeaders.limit,
        String(limit),
        rateLimitHeaders.remaining,
        "0",
        rateLimitHeaders.reset,
        String(seconds),
        rateLimitHeaders.policy,
        `${limit};w=60`,
        "x-request-id",
        requestId(),
      ]);
      response.end(request.method === "HEAD" ? undefined : body);
      return true;
    },
  };
}

export type RateLimitRefusals = ReturnType<typeof createRateLimitRefusals>;
