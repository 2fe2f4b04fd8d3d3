import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A proxy in front of a real partner that plays "the partner stored the post but its answer never
 * came": while armed, the next request matching `swallow` is forwarded, its answer awaited (so
 * the post exists there), and then nothing is sent back. Every other request passes through, with
 * the partner's own address in Link headers turned into the proxy's (so discovery stays on it).
 */
export async function startSwallowingProxy(target: string) {
  let armed: ((method: string, url: string) => boolean) | null = null;
  let swallowed = 0;
  const held = new Set<ServerResponse>();
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === "string" && !["host", "connection", "content-length"].includes(name)) {
        headers.set(name, value);
      }
    }
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const answer = await fetch(`${target}${request.url}`, {
      method: request.method,
      headers,
      body: request.method === "GET" || request.method === "HEAD" ? undefined : body,
      redirect: "manual",
    });
    const bytes = Buffer.from(await answer.arrayBuffer());
    if (armed?.(request.method ?? "GET", request.url ?? "/")) {
      armed = null;
      swallowed += 1;
      held.add(response); // stored on the partner; the answer never leaves
      return;
    }
    response.statusCode = answer.status;
    answer.headers.forEach((value, name) => {
      if (["content-length", "content-encoding", "transfer-encoding", "connection"].includes(name))
        return;
      response.setHeader(name, name === "link" ? value.split(target).join(proxyUrl) : value);
    });
    response.end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const proxyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: proxyUrl,
    swallowNext(match: (method: string, url: string) => boolean) {
      armed = match;
    },
    get swallowed() {
      return swallowed;
    },
    async close() {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
