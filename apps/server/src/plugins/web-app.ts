import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { renderedPageOf, responseBytes } from "@aurumwire/shared/rendered-page";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { AppConfig } from "../config";
import { contentSecurityPolicyHeader, policyForSharedPage } from "../lib/content-security-policy";
import { canonicalPageKey, isOriginFormPath } from "../lib/page-keys";
import { createRenderQueue, RenderQueueFullError } from "../lib/render-queue";
import { webRoot } from "../paths";
import type { AppServices } from "../services";
import { isCacheablePagePath, type RenderedAnswer, sendCachedPage } from "./page-cache";

/** The call React Router's `createRequestHandler` returns: a web Request in, a Response out. */
export type WebRequestHandler = (request: Request, context: WebLoadContext) => Promise<Response>;

/**
 * "build": serve the built web app; "vite": dev server with hot reload; "none": API only; or a
 * request handler standing in for the built app (tests of the page pipeline, which have no build).
 */
export type WebAppMode = "build" | "vite" | "none" | { handleRequest: WebRequestHandler };

/** What the web app's loaders may call: the public reads, nothing that writes. */
const loaderServiceNames = [
  "articles",
  "categories",
  "demoLoginHint",
  "marketData",
  "breakingNews",
  "publicSettings",
  "publicAuthors",
] as const;
export type LoaderServices = Pick<AppServices, (typeof loaderServiceNames)[number]> & {
  /** Only whether the one-time owner set-up is still open (/login and /setup). */
  auth: Pick<AppServices["auth"], "ownerNeeded">;
  /** Only the landing page's read (/landing and / in landing mode). */
  landingPage: Pick<AppServices["landingPage"], "configuration">;
  /** Only the reads of sentiment (coin pages, /markets, article chips; decision 192). */
  sentiment: Pick<AppServices["sentiment"], "overview" | "coin" | "articleSentiment">;
  /** Only the reads of live coverage (the article page, the cards' badge; decision 236). */
  liveCoverage: Pick<AppServices["liveCoverage"], "forArticle" | "liveArticleIds">;
};

function loaderServicesOf(services: AppServices): LoaderServices {
  const picked = Object.fromEntries(loaderServiceNames.map((name) => [name, services[name]]));
  return {
    ...(picked as Pick<AppServices, (typeof loaderServiceNames)[number]>),
    auth: { ownerNeeded: () => services.auth.ownerNeeded() },
    landingPage: { configuration: () => services.landingPage.configuration() },
    sentiment: {
      overview: () => services.sentiment.overview(),
      coin: (slug) => services.sentiment.coin(slug),
      articleSentiment: (id) => services.sentiment.articleSentiment(id),
    },
    liveCoverage: {
      forArticle: (id) => services.liveCoverage.forArticle(id),
      liveArticleIds: () => services.liveCoverage.liveArticleIds(),
    },
  };
}

/** What every route loader of the web app receives as `context`. */
export type WebLoadContext = {
  services: LoaderServices;
  config: { siteName: string; publicUrl: string };
  /** The per-request CSP nonce for inline scripts. */
  nonce: string;
  /**
   * The built app's stylesheets by URL ("/assets/site-abc.css" -> its rules), read once at start:
   * the server render inlines a page's stylesheets instead of linking them (decision 150). Absent
   * with the dev server, whose pages link them.
   */
  stylesheets?: ReadonlyMap<string, string>;
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

/** Renders beyond a few at once only queue inside the process, each holding its page in memory. */
const renderConcurrency = 8;
/** A public render is refused once the queue's oldest public render waited this long (082). */
const publicRenderMaxWaitMs = 500;

const busyPage =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Busy</title></head><body><p>AurumWire is very busy right now. Please try again in a moment.</p></body></html>';

/** Too many renders wait already: a quick 503 the reader's browser (or a CDN) retries. */
function sendBusy(reply: FastifyReply) {
  return reply
    .code(503)
    .header("retry-after", "1")
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(busyPage);
}

/** What a render gave, with the headers of the request that asked for it and the page's CSP. */
async function toRenderedAnswer(
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
    ? policyForSharedPage(contentSecurityPolicy, body.toString("utf8"))
    : contentSecurityPolicy;
  return {
    status: response.status,
    headers,
    body,
    // A page that sets cookies is someone's page: never shared (and its cookies never sent).
    cacheable: response.status === 200 && isHtml && response.headers.getSetCookie().length === 0,
  };
}

/**
 * The catch-all route of the web app. Anonymous GET/HEAD of public pages go through the page
 * cache by their canonical key (page-keys.ts): a fresh copy, else a stale copy while one render
 * replaces it, else one render shared by everyone asking for that page (decisions 080-082). Every
 * render waits in one bounded queue: public renders past its bound get a quick 503 (or the stale
 * copy), staff screens go first and are never refused.
 */
async function registerPageRoutes(
  app: FastifyInstance,
  options: {
    config: AppConfig;
    services: AppServices;
    handleRequest: WebRequestHandler;
    /** Built pages: CSP with a nonce, and public pages kept in the page cache. */
    keepPages: boolean;
    /** The built stylesheets, inlined into pages (WebLoadContext.stylesheets). */
    stylesheets?: ReadonlyMap<string, string>;
  },
) {
  const { config, services, handleRequest, keepPages, stylesheets } = options;
  const cache = services.pageCache;
  const queue = createRenderQueue({
    concurrency: renderConcurrency,
    maxWaiting: config.pageRenderQueueLimit,
    maxWaitMs: publicRenderMaxWaitMs,
  });
  const publicConfig = {
    siteName: config.siteName,
    publicUrl: config.publicUrl,
  };
  const loaderServices = loaderServicesOf(services);
  const contextWith = (nonce: string): WebLoadContext => ({
    services: loaderServices,
    config: publicConfig,
    nonce,
    stylesheets,
  });

  /**
   * A public page rendered from its key alone, with no header of the visitor's: the same page
   * whoever asked, and whatever else their URL carried.
   */
  function renderPublicPage(
    key: string,
    origin: string,
    baseHeaders: ReturnType<FastifyReply["getHeaders"]>,
  ): Promise<RenderedAnswer> {
    return queue.run(async () => {
      const nonce = randomBytes(16).toString("base64");
      const request = new Request(`${origin}${key}`, { headers: { accept: "text/html" } });
      const response = await handleRequest(request, contextWith(nonce));
      return toRenderedAnswer(response, baseHeaders, contentSecurityPolicyHeader(nonce));
    });
  }

  async function servePublicPage(request: FastifyRequest, reply: FastifyReply) {
    const key = canonicalPageKey(request.url);
    const origin = `${request.protocol}://${request.host}`;
    const baseHeaders = reply.getHeaders();
    const render = () => renderPublicPage(key, origin, baseHeaders);
    const found = cache.enabled ? cache.lookup(key) : undefined;
    if (found?.fresh) {
      sendCachedPage(request, reply, found.page, "hit", cache.ttlSeconds);
      return reply;
    }
    if (found && (!found.page.invalidated || cache.isRendering(key))) {
      // Past its TTL with nothing known to have changed, or already being replaced: this reader
      // gets the copy now, and one render (this reader's or an earlier one's) replaces it.
      if (!cache.isRendering(key)) {
        cache.renderPage(key, render).catch((error) => {
          if (error instanceof RenderQueueFullError) return;
          request.log.error({ err: error }, "could not refresh a cached page; the copy stays");
        });
      }
      sendCachedPage(request, reply, found.page, "stale", cache.ttlSeconds);
      return reply;
    }
    // No copy, or one a change made stale and nobody replaces yet: this reader waits for the one
    // render (the editor who checks a save sees it); readers meanwhile get the stale copy.
    try {
      const page = await cache.renderPage(key, render);
      sendCachedPage(request, reply, page, "miss", cache.ttlSeconds);
      return reply;
    } catch (error) {
      const refused = error instanceof RenderQueueFullError;
      if (!found) {
        if (refused) return sendBusy(reply);
        throw error;
      }
      // Refused or failed: the stale copy is still better than a 503 or an error page.
      if (!refused)
        request.log.error({ err: error }, "could not replace a cached page; sent the copy");
      sendCachedPage(request, reply, found.page, "stale", cache.ttlSeconds);
      return reply;
    }
  }

  async function renderRequest(request: FastifyRequest, reply: FastifyReply, pathname: string) {
    const nonce = randomBytes(16).toString("base64");
    let response: Response | null;
    try {
      // A visitor who left while the render waited for its turn gets no render.
      response = await queue.run(
        async () =>
          request.raw.socket?.destroyed
            ? null
            : handleRequest(toWebRequest(request, reply), contextWith(nonce)),
        { priority: !isCacheablePagePath(pathname) },
      );
    } catch (error) {
      if (error instanceof RenderQueueFullError) return sendBusy(reply);
      throw error;
    }
    if (!response) return reply.hijack();
    if (keepPages) reply.header("content-security-policy", contentSecurityPolicyHeader(nonce));
    else reply.removeHeader("content-security-policy");
    if (response.headers.get("content-type")?.startsWith("text/html")) {
      reply.header(
        "cache-control",
        isCacheablePagePath(pathname) ? "no-cache" : "private, no-cache",
      );
    }
    return sendWebResponse(reply, response);
  }

  await app.register(async (scope) => {
    // Leave request bodies unread: React Router actions read them from the web Request.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    scope.route({
      method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      url: "/*",
      handler: async (request, reply) => {
        const pathname = request.url.split("?")[0];
        const isPageRead =
          keepPages &&
          isOriginFormPath(request.url) &&
          (request.method === "GET" || request.method === "HEAD") &&
          isCacheablePagePath(pathname) &&
          // React Router's data requests of in-app navigation: rendered each, never kept.
          !pathname.endsWith(".data");
        return isPageRead
          ? servePublicPage(request, reply)
          : renderRequest(request, reply, pathname);
      },
    });
  });
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

/**
 * Serves the built client assets and, for every other path, the React Router app rendered
 * on the server. Loaders get the services in-process through the load context.
 */
export default fp(
  async function webAppPlugin(
    app: FastifyInstance,
    options: { mode: WebAppMode; config: AppConfig; services: AppServices },
  ) {
    const { mode, config, services } = options;
    if (mode === "none") return;
    if (typeof mode === "object") {
      await registerPageRoutes(app, {
        config,
        services,
        handleRequest: mode.handleRequest,
        keepPages: true,
      });
      return;
    }

    // A function (dev server) is asked on every request; a built app is handed over as the object
    // itself: React Router then sets up its route tables once, not on every request (given a
    // function it rebuilt them each time: ~5% of an article render).
    let serverBuild: ServerBuild | (() => Promise<ServerBuild>);
    let buildMode: "production" | "development" = "production";
    let stylesheets: Map<string, string> | undefined;
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
      stylesheets = readBuiltStylesheets(path.join(clientDir, "assets"));
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
        // Logo, favicon and share image keep their names across releases: a day, then revalidated.
        maxAge: "1d",
        index: false,
        globIgnore: ["assets/**"],
      });
    }

    const handleRequest = createRequestHandler(serverBuild, buildMode);
    await registerPageRoutes(app, {
      config,
      services,
      handleRequest,
      // The dev server's scripts carry no nonce: its pages get no CSP and are never kept.
      keepPages: mode !== "vite",
      stylesheets,
    });
  },
  { name: "web-app" },
);
