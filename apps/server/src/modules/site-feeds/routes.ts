import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { FeedsService } from "./service";

/** Syndication and crawling: RSS, sitemaps, robots.txt at the site root. */
export const feedRoutes: FastifyPluginAsyncZod<{
  feeds: FeedsService;
  ttlSeconds: number;
}> = async (app, { feeds, ttlSeconds }) => {
  const cacheControl = `public, max-age=${Math.min(ttlSeconds, 60)}, s-maxage=${Math.max(ttlSeconds, 60)}, stale-while-revalidate=300`;
  app.addHook("onSend", async (_request, reply, payload) => {
    if (reply.statusCode === 200) reply.header("cache-control", cacheControl);
    return payload;
  });

  app.get("/rss.xml", async (_request, reply) =>
    reply.type("application/rss+xml; charset=utf-8").send(await feeds.rss()),
  );

  app.get(
    "/category/:slug/rss.xml",
    { schema: { params: z.object({ slug: z.string().trim().min(1).max(100) }) } },
    async (request, reply) =>
      reply.type("application/rss+xml; charset=utf-8").send(await feeds.rss(request.params.slug)),
  );

  app.get("/sitemap.xml", async (_request, reply) =>
    reply.type("application/xml; charset=utf-8").send(await feeds.sitemap()),
  );

  app.get("/news-sitemap.xml", async (_request, reply) =>
    reply.type("application/xml; charset=utf-8").send(await feeds.newsSitemap()),
  );

  app.get("/robots.txt", async (_request, reply) =>
    reply.type("text/plain; charset=utf-8").send(feeds.robots()),
  );
};
