/** Business constants and limits of spec point 9. One place, used by server and web alike. */
export const limits = {
  titleMax: 200,
  titleMin: 10,
  excerptMax: 500,
  excerptMin: 50,
  contentMin: 100,
  metaTitleMax: 60,
  metaDescriptionMax: 160,
  avatarMaxBytes: 5 * 1024 * 1024,
  featuredImageMaxBytes: 10 * 1024 * 1024,
  featuredImageRecommended: { width: 1200, height: 600 },
  defaultPageSize: 10,
  maxPageSize: 100,
  homeFetchLimit: 100,
  loadMoreStep: 20,
  categoryPageSize: 20,
  dashboardPageSize: 20,
  alternateLandingPageSize: 60,
  relatedArticlesDefault: 6,
  featuredSectionMax: 3,
  featuredListSize: 50,
  featuredCardExcerpt: 100,
  featuredListExcerpt: 150,
  notificationBadge: 3,
  sparklinePoints: 24,
  tickerCoins: 12,
  passwordMin: 6,
  apiKeyRequestsPerMinute: 100,
  /** POST /api/sentiment/analyze: characters per text and texts per call (decision 193). */
  sentimentTextMax: 20_000,
  sentimentTextsMax: 100,
} as const;

export const intervals = {
  priceTickerRefreshMs: 300_000,
  priceTickerReshuffleMs: 30_000,
  newsTickerRefreshMs: 600_000,
  newsTickerRotationMs: 4_000,
  marketDataRefreshMs: 300_000,
  carouselRotateMs: 6_000,
  carouselPauseMs: 10_000,
  relatedCacheMs: 300_000,
  viewTrackingDelayMs: 3_000,
  searchDebounceMs: 500,
  generationTimeoutMs: 300_000,
  redirectAfterSaveMs: 2_000,
  /** The editor's code-block highlighting while typing (spec point 9). */
  syntaxHighlightMs: 1_000,
} as const;

export const carousel = { visible: 3, maxCards: 6 } as const;

export const defaultCategoryColor = "#FFD700";

export const storageKeys = {
  token: "token",
  user: "user",
  viewSession: "viewTrackingSessionId",
  articlePreview: "article-preview",
} as const;

export const dateFormats = {
  apiKeys: "MMM dd, yyyy HH:mm",
  users: "MMM dd, yyyy",
  articles: "MMM dd, yyyy",
} as const;

export const site = {
  tagline: "Premium Crypto Intelligence",
  footerText:
    "Professional cryptocurrency news, analysis, and market data platform. Stay informed with real-time insights and sentiment analysis.",
  staticPagesUpdated: "December 15, 2024",
} as const;
