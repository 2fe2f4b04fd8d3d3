import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";

/**
 * ETags for GET answers of a route scope: a hash of the body, and 304 Not Modified when the
 * client already has it. Anonymous answers may be kept by shared caches for revalidation only;
 * answers to signed-in callers stay private (staff see drafts).
 */
export function addEtags(scope: FastifyInstance) {
  scope.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "GET" && request.method !== "HEAD") return payload;
    if (reply.statusCode !== 200) return payload;
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    const etag = `W/"${createHash("sha1").update(payload).digest("base64url")}"`;
    reply.header("etag", etag);
    reply.header("vary", "Authorization, Accept-Encoding");
    reply.header(
      "cache-control",
      request.headers.authorization ? "private, no-cache" : "public, max-age=0, must-revalidate",
    );
    const ifNoneMatch = request.headers["if-none-match"];
    if (ifNoneMatch?.split(",").some((tag) => tag.trim() === etag)) {
      reply.code(304);
      return "";
    }
    return payload;
  });
}
