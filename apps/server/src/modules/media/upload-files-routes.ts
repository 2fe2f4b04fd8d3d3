import { mkdirSync } from "node:fs";
import { buffer } from "node:stream/consumers";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync } from "fastify";
import { contentTypeOf, type FileStorage, isStorageKey } from "./file-storage";
import { isCropRatio, isCropSource, storedCrop } from "./image-crops";
import { uploadCacheControl } from "./s3-storage";

/** Files up to this size are kept in memory after the first read from the bucket. */
const cachedFileMaxBytes = 2 * 1024 * 1024;
const cacheMaxBytes = 48 * 1024 * 1024;
/** A file removed from the bucket (a replaced avatar) is served from memory at most this long. */
const cacheLifetimeMs = 10 * 60 * 1000;

interface CachedFile {
  body: Buffer;
  contentType: string;
  etag: string | undefined;
  lastModified: string | undefined;
  storedAt: number;
}

/**
 * GET /uploads/<key>. Local storage: the files under DATA_DIR/uploads. S3 storage with a public
 * URL (a CDN): a permanent redirect there, for URLs stored before the move. S3 without one: the
 * server fetches the file from the bucket and keeps small files in memory (decision 140), so every
 * instance serves every upload whichever instance stored it.
 */
export const uploadFilesRoutes: FastifyPluginAsync<{
  files: FileStorage;
  localRoot?: string;
}> = async (app, { files, localRoot }) => {
  // A stored picture in a shape search engines ask for (16:9, 4:3, 1:1; decision 212), made on
  // the first request and stored. Registered before the files themselves: the more specific path.
  app.get("/uploads/crops/:ratio/*", async (request, reply) => {
    const { ratio, "*": source } = request.params as { ratio: string; "*": string };
    const notFound = () =>
      reply.status(404).send({
        error: `There is no picture to crop at /uploads/${source}.`,
        code: "file_not_found",
      });
    if (!isCropRatio(ratio) || !isCropSource(source)) return notFound();
    const crop = await storedCrop(files, ratio, source).catch((error: unknown) => {
      request.log.warn({ err: error, source }, "image crop failed");
      return null;
    });
    if (!crop) return notFound();
    const url = files.urlFor(crop.key);
    if (/^https?:\/\//.test(url)) return reply.redirect(url, 302);
    reply.header("cache-control", uploadCacheControl);
    if (crop.data) return reply.type(contentTypeOf(crop.key)).send(crop.data);
    const stored = await files.get(crop.key);
    if (!stored) return notFound();
    reply.type(stored.contentType);
    if (stored.size !== undefined) reply.header("content-length", stored.size);
    return reply.send(stored.body);
  });

  if (files.kind === "local") {
    if (!localRoot) throw new Error("local storage needs its folder");
    mkdirSync(localRoot, { recursive: true });
    await app.register(fastifyStatic, {
      root: localRoot,
      prefix: "/uploads/",
      decorateReply: false,
      maxAge: "7d",
    });
    return;
  }

  const cache = new Map<string, CachedFile>();
  let cachedBytes = 0;
  const forget = (key: string) => {
    const entry = cache.get(key);
    if (!entry) return;
    cache.delete(key);
    cachedBytes -= entry.body.length;
  };
  const remember = (key: string, entry: CachedFile) => {
    forget(key);
    if (entry.body.length > cachedFileMaxBytes) return;
    cache.set(key, entry);
    cachedBytes += entry.body.length;
    // A Map iterates in insertion order: the first entries are the least recently used.
    for (const oldest of cache.keys()) {
      if (cachedBytes <= cacheMaxBytes) break;
      forget(oldest);
    }
  };

  app.get("/uploads/*", async (request, reply) => {
    const key = (request.params as { "*": string })["*"];
    const notFound = () =>
      reply.status(404).send({
        error: `There is no file at /uploads/${key}.`,
        code: "file_not_found",
      });
    if (!isStorageKey(key)) return notFound();
    const publicUrl = files.urlFor(key);
    if (/^https?:\/\//.test(publicUrl)) return reply.redirect(publicUrl, 301);

    let entry = cache.get(key);
    if (entry && Date.now() - entry.storedAt > cacheLifetimeMs) {
      forget(key);
      entry = undefined;
    }
    if (entry) {
      // Most recently used goes last.
      cache.delete(key);
      cache.set(key, entry);
      reply.header("x-upload-cache", "hit");
    } else {
      const stored = await files.get(key);
      if (!stored) return notFound();
      const meta = {
        contentType: stored.contentType,
        etag: stored.etag,
        lastModified: stored.lastModified?.toUTCString(),
        storedAt: Date.now(),
      };
      if (stored.size !== undefined && stored.size > cachedFileMaxBytes) {
        reply
          .header("content-type", meta.contentType)
          .header("cache-control", uploadCacheControl)
          .header("x-upload-cache", "miss");
        if (stored.size !== undefined) reply.header("content-length", stored.size);
        if (meta.etag) reply.header("etag", meta.etag);
        if (meta.lastModified) reply.header("last-modified", meta.lastModified);
        return reply.send(stored.body);
      }
      entry = { ...meta, body: await buffer(stored.body) };
      remember(key, entry);
      reply.header("x-upload-cache", "miss");
    }
    reply.header("content-type", entry.contentType).header("cache-control", uploadCacheControl);
    if (entry.lastModified) reply.header("last-modified", entry.lastModified);
    const etag = entry.etag;
    if (etag) {
      reply.header("etag", etag);
      const match = request.headers["if-none-match"];
      if (match?.split(",").some((tag) => tag.trim() === etag)) {
        return reply.status(304).send();
      }
    }
    return reply.send(entry.body);
  });
};
