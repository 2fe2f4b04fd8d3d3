// The shape of the server's settings; config.ts parses the environment into it.

/** STORAGE=s3: an S3-compatible bucket for uploads (decision 140). */
export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** Unset: AWS S3 itself. */
  endpoint?: string;
  /** Paths (endpoint/bucket/key) instead of bucket.endpoint names: MinIO and most others need it. */
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's own chain (AWS_* variables, instance roles). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Where readers fetch files (a CDN or the bucket's public address); unset: /uploads/ proxies. */
  publicUrl?: string;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite under dataDir. "memory://": in-memory PGlite (tests). */
  databaseUrl: string | undefined;
  jwtSecret: string;
  jwtExpiresIn: string;
  siteName: string;
  publicUrl: string;
  logLevel: string;
  seedDemo: boolean;
  bodyLimitBytes: number;
  /**
   * Time a client has to send a whole request, headers and body (decision 079). Answers are not
   * limited by it: a long AI generation streams as long as it needs.
   */
  requestTimeoutMs: number;
  trustProxy: boolean;
  redisUrl: string | undefined;
  /** Redis connect and command time-out (5 s); tests shorten it against a Redis that is silent. */
  redisTimeoutMs?: number;
  /** Prepended to every Redis key, so several deployments (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  /** Where uploads live: DATA_DIR/uploads (null) or an S3-compatible bucket. */
  s3: S3StorageConfig | null;
  /** How often batched API key usage (count, last use) is written to the database. */
  apiKeyUsageFlushMs: number;
  /** How often buffered article analytics (hourly and daily rows) are written to the database. */
  analyticsFlushMs: number;
  pageCacheTtlSeconds: number;
  /**
   * Public page renders that may wait for one of the 8 render slots; one more (or any while the
   * oldest has waited 500 ms) is answered at once with the stale copy or 503 + Retry-After (082).
   */
  pageRenderQueueLimit: number;
  bitcoinAddress?: string;
  ai: {
    ollamaUrl?: string;
    ollamaModel: string;
    openaiBaseUrl?: string;
    openaiApiKey?: string;
    openaiModel: string;
    stableDiffusionUrl?: string;
    /** DALL-E 3 picture quality: standard ($0.04) or hd ($0.08). */
    dalleQuality: "standard" | "hd";
    /** DALL-E calls per minute; more wait their turn (spec point 9: 5). */
    dalleMaxImagesPerMinute: number;
    /** Optional cap on DALL-E spending per UTC month, in US dollars. */
    dalleMonthlyBudgetUsd: number | null;
    /** AI article generations per staff member and UTC day. */
    dailyGenerationLimit: number;
  };
  marketData: { url?: string; apiKey?: string };
  /**
   * The exchange's WebSocket feed for live prices (decision 230); unset: only the price API's
   * polling. `tuning` shortens the waits in tests.
   */
  marketStream: {
    url?: string;
    kind: "coinbase" | "kraken";
    tuning?: {
      stallMs?: number;
      minBackoffMs?: number;
      leaderTtlMs?: number;
      gapFillMs?: number;
      historyEveryMs?: number;
    };
  };
  /** GET /api/stream (decision 231): connections per client address and in all, per instance. */
  stream: {
    maxPerAddress: number;
    maxConnections: number;
    tuning?: {
      priceIntervalMs?: number;
      heartbeatMs?: number;
      maxBufferedBytes?: number;
      /** No state from the stream's holder for this long: readers see "delayed" (decision 318). */
      stateStaleMs?: number;
    };
  };
  /** NEWS_FEEDS: the RSS/Atom feeds breaking news reads. */
  breakingNewsFeeds: string[];
  /** How often the feeds are read (NEWS_FEEDS_REFRESH_SECONDS; 600 s, spec 9, when absent). */
  breakingNewsRefreshMs?: number;
  partner: {
    url?: string;
    apiKey?: string;
    /** Which adapter the default connection uses; guessed from the key when unset (decision 110). */
    kind?: "wordpress" | "ghost" | "webhook";
    /**
     * Encrypts partner secrets at rest. Unset: derived from the JWT secret with HKDF (decision
     * 111), so rotating JWT_SECRET without setting this makes stored partner secrets unreadable.
     */
    secretKey?: string;
  };
  /**
   * CIDR ranges that staff-set addresses (partner connections, webhooks) may reach although they
   * are internal (OUTBOUND_ALLOW_PRIVATE); everything else internal is refused (decision 220).
   */
  outboundAllowPrivate: string[];
  /**
   * The VAPID key pair and contact that sign breaking-news Web Push messages (decision 237;
   * VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT); null: alerts are not offered.
   */
  webPush: { publicKey: string; privateKey: string; subject: string } | null;
  /** The partner queue's clock; tests move it instead of waiting a day. */
  partnerClock?: () => number;
  /**
   * Outgoing e-mail (newsletter, contact form, address verification; decisions 121-124). Without
   * smtpUrl nothing is sent: subscriptions stay pending, messages are only stored.
   */
  mail: { smtpUrl?: string; from: string; contactEmail?: string; timeoutMs?: number };
  /** The first login delay after the free attempts (default one minute); tests shorten it. */
  loginDelayBaseMs?: number;
  /** Time limit for calls to external services (price provider, feeds); tests shorten it. */
  outboundTimeoutMs?: number;
  /** The AI writer's time limit per generation (spec point 9: 300000 ms); tests shorten it. */
  aiGenerationTimeoutMs?: number;
  /** Time limit per AI image call (90 s); tests shorten it. */
  imageTimeoutMs?: number;
  /** The window of the DALL-E per-minute pace (60 s); tests shorten it. */
  imagePaceWindowMs?: number;
  /** Where the built web app lives; tests without a build leave it unset. */
  webBuildDir?: string;
}
