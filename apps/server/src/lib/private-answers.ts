import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * A preHandler for answers about the caller (their counts, their notifications, figures only
 * staff see): no cache, shared or the browser's, may keep them.
 */
export async function privateNoStore(_request: FastifyRequest, reply: FastifyReply) {
  reply.header("cache-control", "private, no-store");
}
