import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppConfig } from "../../config";
import type { AppServices } from "../../services";
import { contentSecurityPolicyHeader } from "../content-security-policy";
import { sendCachedPage } from "../page-cache/http-writer";
import { isCacheablePagePath, type RenderedAnswer } from "../page-cache/store";
import { canonicalPageKey, isOriginFormPath } from "../page-keys";
import { createRenderQueue, RenderQueueFullError } from "../render-queue";
import { loaderServicesOf, type WebLoadContext, type WebRequestHandler } from "./load-context";
import { sendWebResponse, toRenderedAnswer, toWebRequest } from "./web-bridge";

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

/**
 * The catch-all route of the web app. Anonymous GET/HEAD of public pages go through the page
 * cache by their canonical key (page-keys.ts): a fresh copy, else a stale copy while one render
 * replaces it, else one render shared by everyone asking for that page (decisions 080-082). Every
 * render waits in one bounded queue: public renders past its bound get a quick 503 (or the stale
 * copy), staff screens go first and are never refused.
 */
export async function registerPageRoutes(
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
