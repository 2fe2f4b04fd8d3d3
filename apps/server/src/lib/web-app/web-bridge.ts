import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { renderedPageOf, responseBytes } from "@aurumwire/shared/rendered-page";
import type { FastifyReply, FastifyRequest } from "fastify";
import { policyForSharedPage } from "../content-security-policy";
import type { RenderedAnswer } from "../page-cache/store";

/** Between Fastify and React Router's web Request/Response, and back into the page cache. */

export function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const controller = new AbortController();
  // Only a visitor who left before the answer was sent aborts the render (and its loaders); an
  // abort after a finished answer would only build an AbortError that nothing reads.
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = {
    method: request.method,
    headers,
    signal: controller.signal,
  };
  if (request.method !== "GET" && request.method !== "HEAD") {
    init.body = Readable.toWeb(request.raw) as ReadableStream;
    init.duplex = "half";
  }
  return new Request(url, init);
}

export async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
  const page = renderedPageOf(response);
  if (page) return reply.send(page);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream));
}

/** What a render gave, with the headers of the request that asked for it and the page's CSP. */
export async function toRenderedAnswer(
  response: Response,
  baseHeaders: ReturnType<FastifyReply["getHeaders"]>,
  contentSecurityPolicy: string,
): Promise<RenderedAnswer> {
  const headers: RenderedAnswer["headers"] = {};
  for (const [name, value] of Object.entries(baseHeaders)) {
    if (value === undefined || name === "x-request-id" || name === "content-length") continue;
    headers[name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") headers[name] = value;
  }
  const bytes = await responseBytes(response);
  const body = bytes
    ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    : Buffer.alloc(0);
  const isHtml = response.headers.get("content-type")?.startsWith("text/html") ?? false;
  // A public page is shared: by every reader of its cached copy and of its one render. Its CSP
  // names its inline scripts by hash, not by the render's nonce, which they would all share.
  headers["content-security-policy"] = isHtml
    ? policyForSharedPage(contentSecurityPolicy, body)
    : contentSecurityPolicy;
  return {
    status: response.status,
    headers,
    body,
    // A page that sets cookies is someone's page: never shared (and its cookies never sent).
    cacheable: response.status === 200 && isHtml && response.headers.getSetCookie().length === 0,
  };
}

/** Every stylesheet of the built client by the URL pages link it with (WebLoadContext). */
export function readBuiltStylesheets(assetsDir: string): Map<string, string> {
  const stylesheets = new Map<string, string>();
  for (const name of readdirSync(assetsDir)) {
    if (name.endsWith(".css")) {
      stylesheets.set(`/assets/${name}`, readFileSync(path.join(assetsDir, name), "utf8"));
    }
  }
  return stylesheets;
}
