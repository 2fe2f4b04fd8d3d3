import type { FastifyRequest } from "fastify";
import type { ClientContext } from "./service";

/** Where a request comes from, kept on the session it signs in (decision 200). */
export const clientOf = (request: FastifyRequest): ClientContext => ({
  ip: request.ip,
  userAgent: String(request.headers["user-agent"] ?? ""),
});
