import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { pageForRequest, writeCachedPage } from "./http-writer";
import type { PageCache } from "./store";

/** The app's rule for request ids: a sane incoming X-Request-ID, else a new one. */
function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers["x-request-id"];
  return typeof incoming === "string" && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}

/**
 * Fastify's serverFactory: the HTTP server answers cached pages itself, before Fastify builds a
 * request (routing, hooks, request objects cost as much as the answer). Everything else goes to
 * Fastify. Request ids follow the app's rule (a sane incoming X-Request-ID, else a new one).
 * Cache hits are not in the request log.
 */
export function pageCacheServerFactory(
  cache: () => PageCache | undefined,
  /** Another answer the HTTP server may give itself (public API refusals); true when it did. */
  answerEarly?: (
    request: IncomingMessage,
    response: ServerResponse,
    requestId: () => string,
  ) => boolean,
) {
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
        const requestId = () => requestIdFor(request);
        const current = cache();
        const found = pageForRequest(current, request.method, request.url ?? "/");
        if (found && current) {
          writeCachedPage(
            request,
            response,
            found.page,
            requestId(),
            found.status,
            current.ttlSeconds,
          );
          return;
        }
        if (answerEarly?.(request, response, requestId)) return;
        handler(request, response);
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
