import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import { type ZodType, z } from "zod";

const etagOf = (body: string | Buffer) =>
  `W/"${createHash("sha1").update(body).digest("base64url")}"`;

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
    // A prepared answer (below) brings its ETag; anything else is hashed here.
    const etag = (reply.getHeader("etag") as string | undefined) ?? etagOf(payload);
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

/** An answer's JSON text and its ETag, made once for an answer that is shared (issue 35). */
export interface PreparedJson {
  body: string;
  etag: string;
}

/**
 * The JSON of a route's answers, made once per answer object: a cached read hands every anonymous
 * reader the same object, and encoding it with the route's zod schema (what the type provider's
 * serializer does on every request) and hashing it for the ETag took ~20% of a cached API
 * request's time (issue 35, decision 245). Answers are keyed by the object they are made from (a
 * WeakMap: they go with it when the cache drops it), so they must not be changed afterwards.
 */
export function preparedJson<Schema extends ZodType>(schema: Schema) {
  const made = new WeakMap<object, PreparedJson>();
  return (key: object, answer: () => z.output<Schema>): PreparedJson => {
    let prepared = made.get(key);
    if (!prepared) {
      const body = JSON.stringify(z.encode(schema, answer()));
      prepared = { body, etag: etagOf(body) };
      made.set(key, prepared);
    }
    return prepared;
  };
}

/** Sends a prepared answer as the route's JSON (the ETag hook above still answers 304s). */
export function sendPrepared(reply: FastifyReply, prepared: PreparedJson): FastifyReply {
  return reply
    .header("etag", prepared.etag)
    .type("application/json; charset=utf-8")
    .send(prepared.body);
}
