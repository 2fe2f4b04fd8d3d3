import { intervals } from "@aurumwire/shared/limits";
import { createAccountServices } from "./account-services";
import { createChatProvider, createImageProviders } from "./ai-providers";
import type { AppConfig } from "./config";
import type { Database } from "./db/client";
import type { CounterStore } from "./lib/counters";
import { createAddressGuard } from "./lib/outbound-http";
import { createPageCache } from "./lib/page-cache/store";
import { createSecretBox } from "./lib/secret-box";
import { createAiImagesRepository } from "./modules/ai-images/repository";
import { createAiImagesService } from "./modules/ai-images/service";
import { createAiGenerationsRepository } from "./modules/ai-writer/repository";
import { createAiWriterService } from "./modules/ai-writer/service";
import { createAiUsage } from "./modules/ai-writer/usage-service";
import { createAnalyticsRecorder } from "./modules/analytics/recorder";
import { createAnalyticsRepository } from "./modules/analytics/repository";
import { createAnalyticsService } from "./modules/analytics/service";
import { createAdminArticleList } from "./modules/articles/admin-list";
import { articleListsTag } from "./modules/articles/cache-tags";
import { createArticleEditorRepository } from "./modules/articles/editor-repository";
import { createArticleEditorService } from "./modules/articles/editor-service";
import { createArticleReads } from "./modules/articles/reads-service";
import { createArticlesRepository } from "./modules/articles/repository";
import { createArticleReviewRepository } from "./modules/articles/review-repository";
import { createArticleReviewService } from "./modules/articles/review-service";
import { createArticlesService } from "./modules/articles/service";
import { createViewVisitors } from "./modules/articles/view-visitors";
import { createAuditRepository } from "./modules/audit/repository";
import { createAuditService } from "./modules/audit/service";
import { createNewsItemReads } from "./modules/breaking-news/items-service";
import { createBreakingNewsRepository } from "./modules/breaking-news/repository";
import { createBreakingNewsService, newsroomAuthor } from "./modules/breaking-news/service";
import { createCampaignsRepository } from "./modules/campaigns/repository";
import { createCampaignsService } from "./modules/campaigns/service";
import { createCategoryEditorRepository } from "./modules/categories/editor-repository";
import { createCategoryEditorService } from "./modules/categories/editor-service";
import { createCategoriesRepository } from "./modules/categories/repository";
import { createCategoriesService } from "./modules/categories/service";
import { createContactRepository } from "./modules/contact/repository";
import { createContactService } from "./modules/contact/service";
import { createLandingPageRepository } from "./modules/landing-page/repository";
import { createLandingPageService } from "./modules/landing-page/service";
import { createCoinGeckoClient } from "./modules/market-data/coingecko-client";
import { createMarketDataRepository } from "./modules/market-data/repository";
import { createMarketDataService, type MarketDataLogger } from "./modules/market-data/service";
import type { FileStorage } from "./modules/media/file-storage";
import { createMediaService } from "./modules/media/service";
import { createUploadStorage } from "./modules/media/upload-storage";
import { createNewsletterRepository } from "./modules/newsletter/repository";
import { createNewsletterService } from "./modules/newsletter/service";
import { createNotificationsService } from "./modules/notifications/service";
import { partnerProduct } from "./modules/partners/product";
import { createPartnersRepository } from "./modules/partners/repository";
import { createPartnersService } from "./modules/partners/service";
import { createPublicContentRepository } from "./modules/public-api/repository";
import { createPublicApiService } from "./modules/public-api/service";
import { createPublicAuthorsReader } from "./modules/public-site/authors-service";
import { createPublicSettingsReader } from "./modules/public-site/settings-reader";
import type { RealtimeBus } from "./modules/realtime/bus";
import { createModelSentiment, sentimentModelTimeoutMs } from "./modules/sentiment/model-engine";
import { createSentimentRepository } from "./modules/sentiment/repository";
import { createSentimentService } from "./modules/sentiment/service";
import { createFeedsService } from "./modules/site-feeds/service";
import { createSiteSettingsRepository } from "./modules/site-settings/repository";
import { createSiteSettingsService } from "./modules/site-settings/service";
import { createReaderAnnouncements } from "./reader-announcements";

/**
 * The composition root: every service is built once here with its dependencies handed in. Routes
 * and the web app's loaders (through the load context) use these same instances.
 */
export function createServices(deps: {
  db: Database;
  config: AppConfig;
  counters: CounterStore;
  /** Where uploads live: DATA_DIR/uploads or the S3 bucket (modules/media/file-storage.ts). */
  files: FileStorage;
  log?: MarketDataLogger;
  /** Real-time messages to every instance (decision 232): Redis pub/sub or in process. */
  bus: RealtimeBus;
}) {
  const { db, config, counters, files, log, bus } = deps;
  // The audit log (decision 203): services record their staff actions through it.
  const audit = createAuditService({ repository: createAuditRepository(db) });
  const accounts = createAccountServices({
    audit,
    db,
    config,
    counters,
    files,
    log,
    // Site settings are built below; the setting is only read once requests come in.
    securitySettings: () => siteSettings.getSecuritySettings(),
  });
  const { userAccounts, outbox, mailLinks, emailVerification, workQueue } = accounts;

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
  // Public pages and reads; call pageCache.invalidate(tags) after changing what they show.
  const pageCache = createPageCache({ ttlSeconds: config.pageCacheTtlSeconds });
  const articlesRepository = createArticlesRepository(db);
  const articleReviewRepository = createArticleReviewRepository(db);
  // Other modules read the articles (and the feed items, below) through these (decision 295).
  const articleReads = createArticleReads(articlesRepository, articleReviewRepository);
  const categoriesRepository = createCategoriesRepository(db);
  const categories = createCategoriesService({
    repository: categoriesRepository,
    articleCounts: articleReads.publicArticleCounts,
    cache: pageCache,
  });
  const articles = createArticlesService({
    repository: articlesRepository,
    categories,
    cache: pageCache,
    mayLike: (viewer) => emailVerification.mayLike(viewer),
    viewVisitors: createViewVisitors({
      secret: config.jwtSecret,
      counters,
      secureCookie: config.publicUrl.startsWith("https://"),
    }),
  });
  const analytics = createAnalyticsService({
    repository: createAnalyticsRepository(db),
    recorder: createAnalyticsRecorder({
      repository: createAnalyticsRepository(db),
      flushIntervalMs: config.analyticsFlushMs,
      onError: (error) =>
        log?.warn({ err: error }, "could not write article analytics; kept for the next attempt"),
    }),
    articles,
    counters,
    secret: config.jwtSecret,
    ownHosts: [new URL(config.publicUrl).hostname],
  });
  articles.setViewListener({
    onViewCounted: (view) => analytics.viewCounted(view.articleId, view.source, view.requestHost),
  });
  // What newsroom changes drop from the cached public pages and reads (decision 081): an article
  // change only what shows that article (and the lists when it entered, left or moved in them);
  // categories and site settings, rare and shown on most pages, everything.
  const onArticlesChanged = (tags: readonly string[]) => pageCache.invalidate(tags);
  const onContentChanged = () => pageCache.invalidate();
  const siteSettings = createSiteSettingsService({
    audit,
    repository: createSiteSettingsRepository(db),
    onContentChanged,
  });
  const publicSettings = createPublicSettingsReader({
    settings: siteSettings,
    cache: pageCache,
    defaults: { bitcoinAddress: config.bitcoinAddress },
  });
  const publicAuthors = createPublicAuthorsReader({ users: userAccounts, cache: pageCache });
  const feeds = createFeedsService({
    articles: articleReads,
    categories,
    authors: publicAuthors,
    cache: pageCache,
    files,
    site: { name: config.siteName, url: config.publicUrl },
  });
  const articleEditorRepository = createArticleEditorRepository(db);
  // Review before publishing (decision 265): the queue beside the articles' status.
  const articleReviews = createArticleReviewService({
    db,
    repository: articleReviewRepository,
    articles: articleEditorRepository,
    audit,
  });
  const articleEditor = createArticleEditorService({
    audit,
    db,
    repository: articleEditorRepository,
    articlesRepository,
    onContentChanged: onArticlesChanged,
    afterSave: (after, tx) => articleReviews.afterSave(after, tx),
  });
  const adminArticleList = createAdminArticleList({
    articlesRepository,
    reviews: articleReviewRepository,
  });
  const categoryEditor = createCategoryEditorService({
    audit,
    db,
    repository: createCategoryEditorRepository(db),
    articles: articleEditor,
    onContentChanged,
  });
  // Addresses others choose (partner connections, webhooks, push endpoints) go through it (220).
  const outboundGuard = createAddressGuard({ allowPrivate: config.outboundAllowPrivate });
  const { liveCoverage, webPush, breaking } = createReaderAnnouncements({
    db,
    bus,
    cache: pageCache,
    articles: articleReads,
    vapid: config.webPush,
    guard: outboundGuard,
    log,
  });
  const breakingNewsRepository = createBreakingNewsRepository(db);
  const newsItems = createNewsItemReads(breakingNewsRepository);
  const breakingNews = createBreakingNewsService({
    // Read when the ticker is built, after `sentiment` below exists.
    sentimentOf: (items) => sentiment.tickerLabels(items),
    db,
    repository: breakingNewsRepository,
    counters,
    feeds: config.breakingNewsFeeds,
    publicUrl: config.publicUrl,
    timeoutMs: outboundTimeoutMs,
    intervalMs: config.breakingNewsRefreshMs ?? intervals.newsTickerRefreshMs,
    log,
    articleEditor,
    categoryEditor,
    users: userAccounts,
    onBreaking: breaking,
    // A brief was published: a new article in the lists (the ticker links it on the home).
    onContentChanged: () => onArticlesChanged([articleListsTag]),
    // The writer is built below; a brief is only ever published after boot.
    onBriefPublished: (brief) => {
      aiWriter
        .draftFromBreakingNews({
          ...brief,
          author: { id: brief.authorId, role: "author" },
        })
        ?.catch((error: unknown) =>
          log?.warn(
            { err: error, articleId: brief.articleId },
            "AI draft of a breaking-news brief failed",
          ),
        );
    },
  });
  const aiGenerationsRepository = createAiGenerationsRepository(db);
  // One model, one daily limit and one usage log for the writer and for sentiment (decision 260).
  const aiUsage = createAiUsage({
    provider: createChatProvider(config),
    repository: aiGenerationsRepository,
    dailyLimit: config.ai.dailyGenerationLimit,
  });
  const aiWriter = createAiWriterService({
    audit,
    usage: aiUsage,
    repository: aiGenerationsRepository,
    articles: articleReads,
    articleEditor,
    categories,
    breakingNews: newsItems,
    publicUrl: config.publicUrl,
    timeoutMs: config.aiGenerationTimeoutMs ?? intervals.generationTimeoutMs,
    statusTimeoutMs: outboundTimeoutMs,
    styleGuide: async () => (await siteSettings.getWriterStyleGuide()).styleGuide,
  });
  const media = createMediaService({
    storage: createUploadStorage(files),
  });
  const aiImages = createAiImagesService({
    db,
    repository: createAiImagesRepository(db),
    queue: workQueue,
    articleEditor,
    media,
    providers: createImageProviders(config),
    siteName: config.siteName,
    timeoutMs: config.imageTimeoutMs ?? 90_000,
    statusTimeoutMs: outboundTimeoutMs,
    maxImagesPerMinute: config.ai.dalleMaxImagesPerMinute,
    paceWindowMs: config.imagePaceWindowMs,
    monthlyBudget: config.ai.dalleMonthlyBudgetUsd,
  });
  const publicApi = createPublicApiService({
    content: createPublicContentRepository(db),
    users: userAccounts,
    categories,
  });
  const partnersRepository = createPartnersRepository(db);
  const partners = createPartnersService({
    audit,
    repository: partnersRepository,
    box: createSecretBox({ secretKey: config.partner.secretKey, jwtSecret: config.jwtSecret }),
    siteName: config.siteName,
    publicUrl: config.publicUrl,
    files,
    env: { url: config.partner.url, apiKey: config.partner.apiKey, kind: config.partner.kind },
    now: config.partnerClock,
    timeoutMs: config.outboundTimeoutMs ?? 15_000,
    guard: outboundGuard,
    log,
  });
  const campaigns = createCampaignsService({
    repository: createCampaignsRepository(db),
    partners,
    product: partnerProduct(config.siteName),
    siteName: config.siteName,
    aiWriter,
    categories,
    articleStates: (ids) => partnersRepository.articleTitles(ids),
  });
  const notifications = createNotificationsService({ articles: articleReads });
  const landingPage = createLandingPageService({
    audit,
    db,
    repository: createLandingPageRepository(db),
    cache: pageCache,
    isPublicArticle: (id) =>
      articles.get(id).then(
        () => true,
        () => false,
      ),
  });
  const newsletter = createNewsletterService({
    db,
    repository: createNewsletterRepository(db),
    settings: siteSettings,
    outbox,
    links: mailLinks,
    counters,
    topStories: (limit) => articles.popular(limit, "day"),
    site: { name: config.siteName, url: config.publicUrl },
    log,
  });
  const sentimentRepository = createSentimentRepository(db);
  const sentiment = createSentimentService({
    repository: sentimentRepository,
    settings: siteSettings,
    usage: aiUsage,
    readWithModel: createModelSentiment({
      usage: aiUsage,
      repository: sentimentRepository,
      timeoutMs: sentimentModelTimeoutMs,
    }),
    // The scoring job's model calls count against the newsroom byline's daily limit, as its
    // breaking-news drafts do (decision 260).
    newsroomActor: async () => ({
      id: await userAccounts.ensureSystemAccount(newsroomAuthor),
      role: "author" as const,
    }),
    articles: articleReads,
    news: newsItems,
    cache: pageCache,
    categories: { list: () => categories.list({ includeInactive: true }) },
    log,
  });
  const contact = createContactService({
    repository: createContactRepository(db),
    outbox,
    counters,
    contactEmail: config.mail.contactEmail,
    siteName: config.siteName,
    log,
  });
  return {
    audit,
    ...accounts,
    outboundGuard,
    notifications,
    liveCoverage,
    webPush,
    partners,
    campaigns,
    publicApi,
    marketData,
    breakingNews,
    pageCache,
    articleReads,
    articles,
    analytics,
    categoriesRepository,
    categories,
    publicSettings,
    publicAuthors,
    feeds,
    articleEditor,
    articleReviews,
    adminArticleList,
    aiWriter,
    categoryEditor,
    siteSettings,
    media,
    files,
    aiImages,
    landingPage,
    newsletter,
    contact,
    sentiment,
  };
}

export type AppServices = ReturnType<typeof createServices>;
