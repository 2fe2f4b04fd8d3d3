import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { type FastifyRequest, LogController } from "fastify";

/**
 * Query parameters whose values are secrets. A form that carries one should post (decision 072),
 * but a client or an old link may still send one in the address; the log never keeps it.
 */
const secretParameter = /pass|token|secret|key|auth|session|signature|credential|otp|code/i;

/** The request's path and query with secret values replaced, for the request log. */
export function redactUrlForLog(url: string): string {
  const queryStart = url.indexOf("?");
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, " "));
      } catch {
        // an undecodable name is judged as it is written
      }
      return equals !== -1 && secretParameter.test(name) ? `${rawName}=[redacted]` : pair;
    })
    .join("&");
  return `${url.slice(0, queryStart)}?${query}`;
}

/** Fastify's default request fields, with the URL redacted. */
export function serializeRequestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrlForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * One line per request is noise at info in production: requests are logged at debug
 * (LOG_LEVEL=debug shows them, without their query string, which may hold a token); answers of 500
 * and more at warn, and errors as Fastify logs them.
 */
export class RequestsAtDebug extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: Parameters<LogController["requestCompleted"]>[1],
    reply: Parameters<LogController["requestCompleted"]>[2],
  ) {
    const line = {
      method: request.method,
      path: request.url.split("?")[0],
      status: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log[reply.statusCode >= 500 ? "warn" : "debug"](line, "request completed");
  }
}

/**
 * A request's id in every log line about it: the caller's `X-Request-Id` when it is a plain token
 * of at most 64 characters (a proxy's id ties its log to ours), else a new UUID.
 */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers["x-request-id"];
  return typeof incoming === "string" && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}
