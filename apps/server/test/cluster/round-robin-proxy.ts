import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small load balancer on 127.0.0.1: each request goes to the next instance in turn. Like
 * nginx's `proxy_next_upstream error`, a request that could not be delivered (connection refused:
 * the instance is gone) is sent to the next instance; one that was delivered and then lost its
 * connection is answered 502, because the instance may have acted on it. `x-upstream` says which
 * instance answered.
 */
export async function startRoundRobinProxy(upstreams: Array<{ port: number }>) {
  let next = 0;
  const served = new Map<number, number>();
  const server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const first = next;
    next = (next + 1) % upstreams.length;
    const attempt = (tries: number) => {
      const index = (first + tries) % upstreams.length;
      const forwarded = httpRequest(
        {
          host: "127.0.0.1",
          port: upstreams[index].port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, connection: "close" },
          agent: false,
        },
        (answer) => {
          served.set(index, (served.get(index) ?? 0) + 1);
          outgoing.writeHead(answer.statusCode ?? 502, {
            ...answer.headers,
            "x-upstream": String(index),
          });
          answer.pipe(outgoing);
          answer.on("error", () => outgoing.destroy());
        },
      );
      forwarded.on("error", (error: NodeJS.ErrnoException) => {
        if (outgoing.headersSent) {
          outgoing.destroy();
          return;
        }
        if (error.code === "ECONNREFUSED" && tries + 1 < upstreams.length) {
          attempt(tries + 1);
          return;
        }
        outgoing.writeHead(502, { "content-type": "text/plain" });
        outgoing.end(`upstream ${index}: ${error.code ?? error.message}`);
      });
      forwarded.end(body);
    };
    attempt(0);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Answers per instance index. */
    served,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
