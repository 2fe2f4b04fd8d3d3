import path from "node:path";
import { intervals } from "@aurumwire/shared/limits";
import type { AppConfig } from "./config";
import type { Database } from "./db/client";
import { createApiKeysRepository } from "./modules/api-keys/repository";
import { createApiKeysService } from "./modules/api-keys/service";
import { createUsageRecorder } from "./modules/api-keys/usage-recorder";
import { createArticleEditorRepository } from "./modules/articles/editor-repository";
import { createArticleEditorService } from "./modules/articles/editor-service";
import { createArticlesRepository } from "./modules/articles/repository";
import { createArticlesService } from "./modules/articles/service";
import { createViewVisitors } from "./modules/articles/view-visitors";
import { createDemoLoginHint } from "./modules/auth/demo-hint";
import { createAuthService } from "./modules/auth/service";
import { createTokenSigner } from "./modules/auth/tokens";
import { createCategoryAdminRepository } from "./modules/categories/admin-repository";
import { createCategoryAdminService } from "./modules/categories/admin-service";
import { createCategoriesRepository } from "./modules/categories/repository";
import { createCategoriesService } from "./modules/categories/service";
import { createFeedsService } from "./modules/feeds/service";
import { createCoinGeckoClient } from "./modules/market-data/coingecko-client";
import { createMarketDataRepository } from "./modules/market-data/repository";
import { createMarketDataService, type MarketDataLogger } from "./modules/market-data/service";
import { createMediaService } from "./modules/media/service";
import { createUploadStorage } from "./modules/media/upload-storage";
import { createNewsFeedRepository } from "./modules/news-feed/repository";
import { createNewsFeedService } from "./modules/news-feed/service";
import { createPublicContentRepository } from "./modules/public-api/repository";
import { createPublicApiService } from "./modules/public-api/service";
import { createPublicSettingsReader } from "./modules/public-site/settings-reader";
import { createSiteSettingsRepository } from "./modules/site-settings/repository";
import { createSiteSettingsService } from "./modules/site-settings/service";
import { createAvatarStore } from "./modules/users/avatar-images";
import { createUsersRepository } from "./modules/users/repository";
import { createUsersService } from "./modules/users/service";
import type { CounterStore } from "./plugins/counters";
import { createPageCache } from "./plugins/page-cache";

/**
 * The composition root: every service is built once here with its dependencies handed in. Routes
 * and the web app's loaders (through the load context) use these same instances.
 */
export function createServices(deps: {
  db: Database;
  config: AppConfig;
  counters: CounterStore;
  log?: MarketDataLogger;
}) {
  const { db, config, counters, log } = deps;
  const usersRepository = createUsersRepository(db);
  const tokens = createTokenSigner(config.jwtSecret, config.jwtExpiresIn);
  const auth = createAuthService({
    users: usersRepository,
    tokens,
    counters,
    loginDelayBaseMs: config.loginDelayBaseMs,
  });
  const demoLoginHint = createDemoLoginHint(usersRepository, { publicUrl: config.publicUrl });
  const users = createUsersService({
    db,
    users: usersRepository,
    avatars: createAvatarStore(path.join(config.dataDir, "uploads")),
    onAccountChanged: () => demoLoginHint.forget(),
  });
  const apiKeysRepository = createApiKeysRepository(db);
  const apiKeys = createApiKeysService({
    repository: apiKeysRepository,
    usage: createUsageRecorder({
      repository: apiKeysRepository,
      flushIntervalMs: config.apiKeyUsageFlushMs,
      onError: (error) =>
        log?.warn({ err: error }, "could not write API key usage; kept for the next attempt"),
    }),
  });

  const outboundTimeoutMs = config.outboundTimeoutMs ?? 10_000;
  const marketData = createMarketDataService({
    repository: createMarketDataRepository(db),
    client: config.marketData.url
      ? createCoinGeckoClient({
          baseUrl: config.marketData.url,
          apiKey: config.marketData.apiKey,
          timeoutMs: outboundTimeoutMs,
        })
      : null,
    log,
  });
  // Public pages and reads; call pageCache.invalidate() after changing articles, categories or settings.
  const pageCache = createPageCache({ ttlSeconds: config.pageCacheTtlSeconds });
  const articlesRepository = createArticlesRepository(db);
  const categoriesRepository = createCategoriesRepository(db);
  const categories = createCategoriesService({
    repository: categoriesRepository,
    cache: pageCache,
  });
  const articles = createArticlesService({
    repository: articlesRepository,
    categories,
    cache: pageCache,
    viewVisitors: createViewVisitors({
      secret: config.jwtSecret,
      counters,
      secureCookie: config.publicUrl.startsWith("https://"),
    }),
  });
  const siteSettingsRepository = createSiteSettingsRepository(db);
  const publicSettings = createPublicSettingsReader({
    repository: siteSettingsRepository,
    cache: pageCache,
    defaults: { bitcoinAddress: config.bitcoinAddress },
  });
  const feeds = createFeedsService({
    articles: articlesRepository,
    categories,
    cache: pageCache,
    site: { name: config.siteName, url: config.publicUrl },
  });
  // The one hook every newsroom change calls (articles, categories, site settings): cached public
  // pages and reads are dropped at once, so readers see the change on their next request.
  const onContentChanged = () => pageCache.invalidate();
  const newsFeed = createNewsFeedService({
    db,
    repository: createNewsFeedRepository(db),
    counters,
    feeds: config.newsFeeds,
    timeoutMs: outboundTimeoutMs,
    intervalMs: intervals.newsTickerRefreshMs,
    log,
    onContentChanged,
  });

  const articleEditor = createArticleEditorService({
    db,
    repository: createArticleEditorRepository(db),
    articlesRepository,
    onContentChanged,
  });
  const categoryAdmin = createCategoryAdminService({
    db,
    repository: createCategoryAdminRepository(db),
    onContentChanged,
  });
  const siteSettings = createSiteSettingsService({
    repository: siteSettingsRepository,
    onContentChanged,
  });
  const media = createMediaService({
    storage: createUploadStorage(path.join(config.dataDir, "uploads")),
  });
  const publicApi = createPublicApiService({
    content: createPublicContentRepository(db),
    users: usersRepository,
    categories,
  });
  return {
    auth,
    usersRepository,
    demoLoginHint,
    users,
    apiKeys,
    publicApi,
    marketData,
    newsFeed,
    pageCache,
    articlesRepository,
    articles,
    categoriesRepository,
    categories,
    publicSettings,
    feeds,
    articleEditor,
    categoryAdmin,
    siteSettings,
    media,
  };
}

export type AppServices = ReturnType<typeof createServices>;
