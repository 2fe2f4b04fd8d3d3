import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { renderedPageOf } from "@aurumwire/shared/rendered-page";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { AppConfig } from "../config";
import { createConcurrencyLimit } from "../lib/concurrency-limit";
import { webRoot } from "../paths";
import type { AppServices } from "../services";
import { sendRenderedPage } from "./page-cache";
import { contentSecurityPolicyHeader } from "./security";

export type WebAppMode = "build" | "vite" | "none";

/** What every route loader of the web app receives as `context`. */
/** What the web app's loaders may call: the public reads, nothing that writes. */
const loaderServiceNames = [
  "articles",
  "categories",
  "demoLoginHint",
  "marketData",
  "newsFeed",
  "publicSettings",
] as const;
export type LoaderServices = Pick<AppServices, (typeof loaderServiceNames)[number]>;

function loaderServicesOf(services: AppServices): LoaderServices {
  return Object.fromEntries(
    loaderServiceNames.map((name) => [name, services[name]]),
  ) as unknown as LoaderServices;
}

export type WebLoadContext = {
  services: LoaderServices;
  config: { siteName: string; publicUrl: string; bitcoinAddress: string };
  /** The per-request CSP nonce for inline scripts. */
  nonce: string;
};

export const webBuildDir = path.join(webRoot, "build");

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
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

async function sendWebResponse(reply: FastifyReply, response: Response) {
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

/**
 * Serves uploads, the built client assets and, for every other path, the React Router app rendered
 * on the server. Loaders get the services in-process through the load context.
 */
export default fp(
  async function webAppPlugin(
    app: FastifyInstance,
    options: { mode: WebAppMode; config: AppConfig; services: AppServices },
  ) {
    const { mode, config, services } = options;
    const uploadsDir = path.join(config.dataDir, "uploads");
    mkdirSync(uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: uploadsDir,
      prefix: "/uploads/",
      decorateReply: false,
      maxAge: "7d",
    });
    if (mode === "none") return;

    // A function (dev server) is asked on every request; a built app is handed over as the object
    // itself: React Router then sets up its route tables once, not on every request (given a
    // function it rebuilt them each time: ~5% of an article render).
    let serverBuild: ServerBuild | (() => Promise<ServerBuild>);
    let buildMode: "production" | "development" = "production";
    if (mode === "vite") {
      const vite = await import("vite");
      const middie = await import("@fastify/middie");
      const devServer = await vite.createServer({
        root: webRoot,
        configFile: path.join(webRoot, "vite.config.ts"),
        server: { middlewareMode: true },
        appType: "custom",
      });
      await app.register(middie.default);
      app.use(devServer.middlewares);
      app.addHook("onClose", () => devServer.close());
      serverBuild = () =>
        devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
      buildMode = "development";
    } else {
      const serverEntry = path.join(webBuildDir, "server", "index.js");
      if (!existsSync(serverEntry)) {
        throw new Error(`The web app is not built (${serverEntry} is missing). Run: npm run build`);
      }
      const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
      serverBuild = build;
      const clientDir = path.join(webBuildDir, "client");
      await app.register(fastifyStatic, {
        root: path.join(clientDir, "assets"),
        prefix: "/assets/",
        decorateReply: false,
        immutable: true,
        maxAge: "365d",
      });
      await app.register(fastifyStatic, {
        root: clientDir,
        prefix: "/",
        decorateReply: false,
        // Only the top-level files (favicon...): one route each, so the app's catch-all keeps the rest.
        wildcard: false,
        index: false,
        globIgnore: ["assets/**"],
      });
    }

    const handleRequest = createRequestHandler(serverBuild, buildMode);
    // Renders beyond a few at once only queue inside the process, each holding its page in memory.
    const renderSlots = createConcurrencyLimit(8);
    const loaderServices = loaderServicesOf(services);
    const publicConfig = {
      siteName: config.siteName,
      publicUrl: config.publicUrl,
      bitcoinAddress: config.bitcoinAddress,
    };

    await app.register(async (scope) => {
      // Leave request bodies unread: React Router actions read them from the web Request.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
      scope.route({
        method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
        url: "/*",
        handler: async (request, reply) => {
          const cacheGeneration = services.pageCache.generation;
          const nonce = randomBytes(16).toString("base64");
          const context: WebLoadContext = { services: loaderServices, config: publicConfig, nonce };
          // A visitor who left while the render waited for its turn gets no render.
          const response = await renderSlots(async () =>
            request.raw.socket?.destroyed
              ? null
              : handleRequest(toWebRequest(request, reply), context),
          );
          if (!response) return reply.hijack();
          if (mode !== "vite")
            reply.header("content-security-policy", contentSecurityPolicyHeader(nonce));
          else reply.removeHeader("content-security-policy");
          if (mode !== "vite") {
            const sent = await sendRenderedPage({
              request,
              reply,
              response,
              cache: services.pageCache,
              renderedInGeneration: cacheGeneration,
            });
            if (sent) return reply;
          }
          return sendWebResponse(reply, response);
        },
      });
    });
  },
  { name: "web-app" },
);
