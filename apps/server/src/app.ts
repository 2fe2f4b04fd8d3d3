import path from "node:path";
import { intervals, limits } from "@aurumwire/shared/limits";
import compress from "@fastify/compress";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { AppConfig } from "./config";
import { type DatabaseHandle, openDatabase, startupLocks } from "./db/client";
import { seedDemoContent } from "./db/seed";
import { registerJobs } from "./jobs/register";
import type { JobScheduler } from "./jobs/scheduler";
import { contentSecurityPolicy } from "./lib/content-security-policy";
import { type CounterStore, MemoryCounterStore, RedisCounterStore } from "./lib/counters";
import { isCrossOriginResource } from "./lib/cross-origin-resources";
import { lockDataDir } from "./lib/data-dir-lock";
import { shareInvalidationsThroughRedis } from "./lib/page-cache/redis-invalidation";
import { pageCacheServerFactory } from "./lib/page-cache/server-factory";
import type { PageCache } from "./lib/page-cache/store";
import { createRateLimitRefusals } from "./lib/rate-limit-refusals";
import { openRedis } from "./lib/redis-connection";
import { redisConnectionName, redisKeys } from "./lib/redis-keys";
import { RequestsAtDebug, requestIdFor, serializeRequestForLog } from "./lib/request-log";
import { securityHeaders } from "./lib/security-headers";
import type { WebAppMode } from "./lib/web-app/load-context";
import { aiImagesRoutes } from "./modules/ai-images/routes";
import { aiWriterRoutes } from "./modules/ai-writer/routes";
import { analyticsOverviewRoutes, articleAnalyticsRoutes } from "./modules/analytics/routes";
import { apiKeysRoutes } from "./modules/api-keys/routes";
import { articleEditorRoutes } from "./modules/articles/editor-routes";
import { articleReadRoutes } from "./modules/articles/routes";
import { auditRoutes } from "./modules/audit/routes";
import { demoAccountsWithDemoPassword, isLocalPublicUrl } from "./modules/auth/demo-hint";
import { authRoutes } from "./modules/auth/routes";
import { breakingNewsRoutes } from "./modules/breaking-news/routes";
import { campaignRoutes } from "./modules/campaigns/routes";
import { categoryEditorRoutes } from "./modules/categories/editor-routes";
import { categoryReadRoutes } from "./modules/categories/routes";
import { contactRoutes } from "./modules/contact/routes";
import { healthRoutes } from "./modules/health/routes";
import { landingPageRoutes } from "./modules/landing-page/routes";
import { liveCoverageRoutes } from "./modules/live-coverage/routes";
import { marketDataRoutes } from "./modules/market-data/routes";
import { createLocalFileStorage, type FileStorage } from "./modules/media/file-storage";
import { mediaRoutes } from "./modules/media/routes";
import { createS3FileStorage } from "./modules/media/s3-storage";
import { uploadFilesRoutes } from "./modules/media/upload-files-routes";
import { newsletterRoutes } from "./modules/newsletter/routes";
import { notificationsRoutes } from "./modules/notifications/routes";
import { partnerApiPrefix } from "./modules/partners/product";
import { partnerRoutes } from "./modules/partners/routes";
import { publicApiRoutes } from "./modules/public-api/routes";
import { realtimeRoutes } from "./modules/realtime/routes";
import { sentimentRoutes } from "./modules/sentiment/routes";
import { feedRoutes } from "./modules/site-feeds/routes";
import { siteSettingsRoutes } from "./modules/site-settings/routes";
import { usersRoutes } from "./modules/users/routes";
import { webPushRoutes } from "./modules/web-push/routes";
import authPlugin from "./plugins/auth";
import errorsPlugin from "./plugins/errors";
import inputGuardsPlugin from "./plugins/input-guards";
import pageCachePlugin from "./plugins/page-cache";
import requestContextPlugin from "./plugins/request-context";
import webAppPlugin from "./plugins/web-app";
import { openRealtimeBus, type Realtime, wireRealtime } from "./realtime-wiring";
import { type AppServices, createServices } from "./services";

declare module "fastify" {
  interface FastifyInstance {
    services: AppServices;
    config: AppConfig;
    database: DatabaseHandle;
    jobs: JobScheduler;
    realtime: Realtime;
  }
}

export interface BuildOptions {
  /** "build": the built web app; "vite": dev server; "none": API only (see WebAppMode). */
  web?: WebAppMode;
  /** Log to stdout (the server) or not at all (tests). */
  logger?: boolean;
  /** Where log lines go (stdout when unset); tests read them. */
  logStream?: NodeJS.WritableStream;
  /** Start the scheduled jobs (the server does; tests start the ones they need themselves). */
  jobs?: boolean;
  /** A database opened by the caller (tests start from a migrated image); else config's. */
  database?: DatabaseHandle;
}

const idleConnectionTimeoutMs = intervals.generationTimeoutMs + 30_000;

/** The Fastify factory: plugins, then modules, then the server-rendered web app. */
export async function buildApp(
  config: AppConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  // Cached public pages, and public API keys over their limit, are answered by the HTTP server
  // itself (lib/page-cache/server-factory.ts, lib/rate-limit-refusals.ts).
  let pageCache: PageCache | undefined;
  const rateLimitRefusals = createRateLimitRefusals({
    requestsPerMinute: limits.apiKeyRequestsPerMinute,
  });
  const app = Fastify({
    serverFactory: pageCacheServerFactory(() => pageCache, rateLimitRefusals.answer),
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: serializeRequestForLog },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: config.bodyLimitBytes,
    // A client gets this long to send its request; answers (AI streams) are not limited by it.
    requestTimeout: config.requestTimeoutMs,
    // A connection with no traffic either way for this long is closed: longer than the longest
    // quiet wait we make (an AI generation, 5 minutes), so no answer in progress is cut.
    connectionTimeout: idleConnectionTimeoutMs,
    trustProxy: config.trustProxy,
    genReqId: requestIdFor,
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    // A hang bound for each plugin's start, not a speed limit: Fastify's default of 10 s failed a
    // start at a load of 14 while the web app imported its server build (stop 40's CI run).
    pluginTimeout: 120_000,
    logController: new RequestsAtDebug(),
    // The router refuses a path it cannot decode (%C0, %FF) before any hook runs; answer it in the
    // API's error shape like every other bad request.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const badUrl = error.code === "FST_ERR_BAD_URL";
      reply.status(400).send({
        error: badUrl
          ? "The address contains an encoded character that is not valid (for example %C0 or %FF)."
          : "The request could not be read.",
        code: badUrl ? "bad_url" : "bad_request",
      });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The embedded database on disk belongs to one server at a time (decision 078).
  const dataDirLock = config.databaseUrl || options.database ? null : lockDataDir(config.dataDir);
  let database: DatabaseHandle;
  try {
    database =
      options.database ??
      (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  } catch (error) {
    dataDirLock?.release();
    throw error;
  }
  // ioredis is loaded only when Redis is configured (decision 038: memory of a lone instance).
  // Every key and channel is named through redisKeys (REDIS_KEY_PREFIX first).
  const keys = redisKeys(config.redisKeyPrefix);
  // A Redis that refuses or never answers stops the start with one sentence (issue 33, 221).
  const opened = config.redisUrl
    ? await openRedis({
        url: config.redisUrl,
        connectionName: redisConnectionName(keys),
        log: app.log,
        timeoutMs: config.redisTimeoutMs,
      }).catch(async (error: unknown) => {
        if (!options.database) await database.close().catch(() => {});
        dataDirLock?.release();
        throw error;
      })
    : null;
  const redis = opened?.redis ?? null;
  const counters: CounterStore = redis
    ? new RedisCounterStore(redis, keys.scope("counter"), opened?.health)
    : new MemoryCounterStore();
  // Uploads: DATA_DIR/uploads, or the bucket (the SDK is loaded only then).
  const uploadsDir = path.join(config.dataDir, "uploads");
  const files: FileStorage = config.s3
    ? await createS3FileStorage(config.s3)
    : createLocalFileStorage(uploadsDir);
  if (config.seedDemo) {
    // Instances that start together on one database seed it once (the others wait, then skip).
    await database.exclusive(startupLocks.seed, () =>
      seedDemoContent(database.db, {
        dataDir: config.dataDir,
        siteName: config.siteName,
        files,
        onSeeding: () =>
          app.log.info(
            "Filling the new database with demo content (accounts, categories, articles and their covers)...",
          ),
      }),
    );
  }
  // Real time (decisions 230-232): one bus for every instance (realtime-wiring.ts).
  const bus = await openRealtimeBus(redis, keys, app.log);
  const services = createServices({
    db: database.db,
    config,
    counters,
    files,
    log: app.log,
    bus,
  });
  const realtime = wireRealtime({ bus, services, config, redis, keys, log: app.log });
  const { hub: streamHub, marketStream } = realtime;
  pageCache = services.pageCache;
  const stopSharingInvalidations = redis
    ? await shareInvalidationsThroughRedis(services.pageCache, redis, keys)
    : null;
  const jobs = registerJobs({ services, database, redis, keys, log: app.log });

  app.decorate("services", services);
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("jobs", jobs);
  app.decorate("realtime", { hub: streamHub, bus, marketStream });
  // Open streams would hold the server's close forever: they end first.
  app.addHook("preClose", () => realtime.stopStreams());
  app.addHook("onClose", async () => {
    // Jobs first: a run in progress finishes before the database closes under it.
    await jobs.stop();
    // Background AI drafts are cancelled and settle before the database closes.
    await services.aiWriter.close();
    // Bulk image batches stop after the article in hand; another instance or the next start resumes them.
    await services.aiImages.close();
    await stopSharingInvalidations?.();
    await realtime.close();
    // Pending API key usage and analytics are written while the database is still open.
    await services.apiKeys.close();
    await services.analytics.close();
    services.mailer.close();
    await services.outboundGuard.close();
    await counters.close();
    await redis?.quit().catch(() => {});
    await files.close();
    await database.close();
    dataDirLock?.release();
  });
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  await app.register(errorsPlugin);
  // First of the request hooks: a cached page is answered before anything else runs.
  await app.register(pageCachePlugin, { cache: services.pageCache });
  const helmetHeaders = securityHeaders({
    // The web app sets its own per-request CSP with a script nonce; API answers get a strict one.
    contentSecurityPolicy: { directives: contentSecurityPolicy() },
    crossOriginEmbedderPolicy: false,
    // Helmet's "no-referrer" makes browsers send `Origin: null` with our own form posts, which
    // React Router refuses as cross-site (the login form without JavaScript, decision 072).
    // "same-origin" still sends nothing to other sites.
    referrerPolicy: { policy: "same-origin" },
  });
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(helmetHeaders);
    done();
  });
  // Images and feeds are for other sites too (feed readers, social cards): see the module.
  app.addHook("onSend", async (request, reply) => {
    if (isCrossOriginResource(request.url.split("?")[0])) {
      reply.header("cross-origin-resource-policy", "cross-origin");
    }
  });
  // After helmet: its headers are set on the 400s of the guards too.
  await app.register(inputGuardsPlugin);
  await app.register(compress, { threshold: 1024 });
  await app.register(requestContextPlugin);
  await app.register(authPlugin, { auth: services.auth });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database, redis: opened?.health ?? null });
      await api.register(authRoutes, {
        prefix: "/auth",
        auth: services.auth,
        signUp: services.signUp,
        emailVerification: services.emailVerification,
        passwordReset: services.passwordReset,
        twoFactor: services.twoFactor,
        siteName: config.siteName,
      });
      await api.register(usersRoutes, { prefix: "/users", users: services.users });
      await api.register(auditRoutes, {
        audit: services.audit,
        assertMayEditArticle: (user, id) => services.articleEditor.getForEditing(user, id),
      });
      await api.register(apiKeysRoutes, { prefix: "/api-keys", apiKeys: services.apiKeys });
      await api.register(articleReadRoutes, { prefix: "/articles", articles: services.articles });
      await api.register(articleAnalyticsRoutes, {
        prefix: "/articles",
        analytics: services.analytics,
      });
      await api.register(analyticsOverviewRoutes, {
        prefix: "/analytics",
        analytics: services.analytics,
      });
      await api.register(categoryReadRoutes, {
        prefix: "/categories",
        categories: services.categories,
      });
      await api.register(articleEditorRoutes, {
        editor: services.articleEditor,
        adminList: services.adminArticleList,
        reviews: services.articleReviews,
        images: services.aiImages,
      });
      await api.register(aiWriterRoutes, { writer: services.aiWriter });
      await api.register(mediaRoutes, { media: services.media });
      await api.register(aiImagesRoutes, { images: services.aiImages });
      await api.register(categoryEditorRoutes, { categoryEditor: services.categoryEditor });
      await api.register(siteSettingsRoutes, { siteSettings: services.siteSettings });
      await api.register(notificationsRoutes, { notifications: services.notifications });
      await api.register(landingPageRoutes, {
        prefix: "/landing-page",
        landingPage: services.landingPage,
      });
      await api.register(contactRoutes, {
        prefix: "/contact",
        contact: services.contact,
        siteName: config.siteName,
      });
      await api.register(sentimentRoutes, { prefix: "/sentiment", sentiment: services.sentiment });
      await api.register(newsletterRoutes, {
        prefix: "/newsletter",
        newsletter: services.newsletter,
        siteName: config.siteName,
      });
      await api.register(marketDataRoutes, {
        prefix: "/market-data",
        marketData: services.marketData,
      });
      await api.register(realtimeRoutes, { hub: streamHub });
      await api.register(liveCoverageRoutes, { live: services.liveCoverage });
      await api.register(webPushRoutes, { prefix: "/push", webPush: services.webPush });
      await api.register(breakingNewsRoutes, {
        prefix: "/news",
        breakingNews: services.breakingNews,
      });
      await api.register(campaignRoutes, { prefix: "/campaigns", campaigns: services.campaigns });
      await api.register(partnerRoutes, {
        prefix: partnerApiPrefix(config.siteName),
        partners: services.partners,
      });
      const unknownRoute = (request: { method: string; url: string }) => ({
        error: `No API route matches ${request.method} ${request.url.split("?")[0]}.`,
        code: "route_not_found",
      });
      api.setNotFoundHandler((request, reply) => reply.status(404).send(unknownRoute(request)));
      // Without this, unknown /api paths would fall through to the web app's catch-all.
      api.all("/*", (request, reply) => reply.status(404).send(unknownRoute(request)));
    },
    { prefix: "/api" },
  );

  await app.register(uploadFilesRoutes, { files, localRoot: uploadsDir });

  await app.register(feedRoutes, { feeds: services.feeds, ttlSeconds: config.pageCacheTtlSeconds });

  await app.register(publicApiRoutes, {
    prefix: "/public",
    config,
    apiKeys: services.apiKeys,
    counters,
    publicApi: services.publicApi,
    articles: services.articles,
    articleEditor: services.articleEditor,
    sentiment: services.sentiment,
    refusals: rateLimitRefusals,
  });

  await app.register(webAppPlugin, { mode: options.web ?? "none", config, services });
  // Fastify's own 404 logs the whole URL (query string and any secret in it) and answers in its
  // own shape; ours does neither.
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      error: `Nothing here answers ${request.method} ${request.url.split("?")[0]}.`,
      code: "route_not_found",
    }),
  );
  if (options.jobs) app.addHook("onReady", async () => jobs.start());
  if (options.jobs && marketStream) app.addHook("onReady", async () => marketStream.start());
  if (!isLocalPublicUrl(config.publicUrl)) {
    // The demo passwords are published (README, seed); on a public address they are everyone's.
    app.addHook("onReady", async () => {
      const open = await demoAccountsWithDemoPassword(services.userAccounts);
      if (open.length === 0) return;
      app.log.warn(
        { accounts: open, publicUrl: config.publicUrl },
        `Demo accounts still accept their published passwords at ${config.publicUrl}: ${open.join(", ")}. ` +
          "Change their passwords or deactivate them (Dashboard > Users), or start a new data folder with SEED_DEMO=false.",
      );
    });
  }
  return app;
}
