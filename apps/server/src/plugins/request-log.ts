import type { FastifyRequest } from "fastify";

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
