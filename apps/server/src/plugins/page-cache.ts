import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { pageForRequest, sendCachedPage } from "../lib/page-cache/http-writer";
import type { PageCache } from "../lib/page-cache/store";

/**
 * Answers anonymous page requests from the cache before any other work (routing aside), for
 * requests that did not come through the HTTP server above (app.inject). Pages are put into the
 * cache by the web app plugin after rendering.
 */
export default fp(
  async function pageCachePlugin(app: FastifyInstance, options: { cache: PageCache }) {
    const { cache } = options;
    if (!cache.enabled) return;
    app.addHook("onRequest", async (request, reply) => {
      const found = pageForRequest(cache, request.method, request.url);
      if (!found) return;
      sendCachedPage(request, reply, found.page, found.status, cache.ttlSeconds);
      return reply;
    });
  },
  { name: "page-cache" },
);
