import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small HTTP server on 127.0.0.1 (random port) that plays an external service in tests: the
 * test swaps its behaviour between calls (normal answers, 429, hanging, malformed bodies).
 */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  /** The request body as text ("" for none). */
  body: string;
}

export type FakeHandler = (request: RecordedRequest, response: ServerResponse) => unknown;

/**
 * `host`: where it listens (127.0.0.1 unless a test needs another loopback address, or "::" for
 * IPv4 and IPv6 at once); `port`: a given port (the e2e run's), else any free one.
 */
export async function startFakeServer(
  initial: FakeHandler,
  options: { host?: string; port?: number } = {},
) {
  const host = options.host ?? "127.0.0.1";
  let handler = initial;
  let connections = 0;
  const requests: RecordedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer(async (incoming, response) => {
    const url = new URL(incoming.url ?? "/", "http://127.0.0.1");
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const recorded: RecordedRequest = {
      method: incoming.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      headers: incoming.headers,
      body: Buffer.concat(chunks).toString("utf8"),
    };
    requests.push(recorded);
    hanging.add(response);
    response.on("close", () => hanging.delete(response));
    try {
      await handler(recorded, response);
    } catch (error) {
      response.statusCode = 500;
      response.end(String(error));
    }
  });
  server.on("connection", () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host === "::" ? "127.0.0.1" : host}:${port}`,
    port,
    requests,
    /** TCP connections accepted, with or without a request. */
    get connections() {
      return connections;
    },
    /** Requests to one path (query ignored). */
    requestsTo: (path: string) => requests.filter((request) => request.path === path),
    setHandler(next: FakeHandler) {
      handler = next;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeServer = Awaited<ReturnType<typeof startFakeServer>>;

export function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.statusCode = status;
  response.setHeader("content-type", "application/json");
  response.end(typeof body === "string" ? body : JSON.stringify(body));
}

export function sendXml(
  response: ServerResponse,
  body: string,
  headers: Record<string, string> = {},
) {
  response.statusCode = 200;
  response.setHeader("content-type", "application/xml; charset=utf-8");
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  response.end(body);
}

/** Never answers: the client's time limit has to end the call. */
export function hang(_request: RecordedRequest, _response: ServerResponse) {}
