import path from "node:path";
import { intervals } from "@aurumwire/shared/limits";
import { isBitcoinAddress } from "@aurumwire/shared/site-settings";
import ipaddr from "ipaddr.js";
import { z } from "zod";
import { assertDataDirIsAFolder, ConfigError, loadOrCreateJwtSecret } from "./config-data-dir";

/**
 * The only reader of process.env. Parses once with zod and refuses to start with a readable list
 * of what is wrong.
 */
const booleanFlag = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off"], {
    error: "must be one of true/false, 1/0, yes/no, on/off",
  })
  .transform((value) => ["1", "true", "yes", "on"].includes(value));

const optionalUrl = z.url({ error: "must be a URL" }).optional();

const envSchema = z.object({
  PORT: z.coerce.number({ error: "must be a number" }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  // Set by npm to the folder it was run in. `npm start` runs the server there, `npm run dev` in
  // apps/server: a relative DATA_DIR is read from the folder npm was run in, so both use one.
  INIT_CWD: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  JWT_EXPIRES_IN: z
    .string()
    .regex(/^\d+[smhd]$/, "must look like 7d, 12h or 30m")
    .default("7d"),
  SITE_NAME: z.string().min(1).default("AurumWire"),
  PUBLIC_URL: z.url({ error: "must be a URL such as https://aurumwire.example" }).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEMO: booleanFlag.default(true),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  REQUEST_TIMEOUT_MS: z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int()
    .min(1000, "must be at least 1000 (one second)")
    .default(120_000),
  TRUST_PROXY: booleanFlag.default(false),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, "must be 1-64 letters, digits or : . _ -")
    .default("aw:"),
  STORAGE: z.enum(["local", "s3"], { error: "must be local or s3" }).default("local"),
  S3_ENDPOINT: z.url({ error: "must be a URL such as http://minio:9000" }).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3-63 a-z, 0-9, . or -)")
    .optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  S3_PUBLIC_URL: z.url({ error: "must be a URL such as https://cdn.aurumwire.example" }).optional(),
  API_KEY_USAGE_FLUSH_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  ANALYTICS_FLUSH_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  PAGE_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).default(30),
  PAGE_RENDER_QUEUE_LIMIT: z.coerce.number().int().min(0).max(10_000).default(64),
  // The contribution address until an admin sets one in Site Settings; unset, no box is shown.
  BITCOIN_ADDRESS: z
    .string()
    .trim()
    .refine(isBitcoinAddress, "must be a Bitcoin address (bc1..., 1... or 3...)")
    .optional(),
  OLLAMA_URL: optionalUrl,
  OLLAMA_MODEL: z.string().default("llama3.1"),
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_MODEL: z.string().default("gpt-4o-mini"),
  AI_DAILY_GENERATION_LIMIT: z.coerce
    .number({ error: "must be a number" })
    .int()
    .min(0)
    .max(100_000)
    .default(50),
  SD_URL: optionalUrl,
  DALLE_QUALITY: z.enum(["standard", "hd"]).default("standard"),
  DALLE_MAX_IMAGES_PER_MINUTE: z.coerce
    .number({ error: "must be a number" })
    .int()
    .min(1, "must be at least 1")
    .max(1000)
    .default(5),
  DALLE_MONTHLY_BUDGET_USD: z.coerce
    .number({ error: "must be a number of US dollars, such as 25" })
    .min(0)
    .optional(),
  MARKET_DATA_URL: optionalUrl,
  MARKET_DATA_API_KEY: z.string().optional(),
  MARKET_STREAM_URL: z
    .string()
    .regex(
      /^wss?:\/\/\S+$/,
      "must be a WebSocket address such as wss://ws-feed.exchange.coinbase.com or wss://ws.kraken.com/v2",
    )
    .optional(),
  MARKET_STREAM_KIND: z
    .enum(["coinbase", "kraken"], {
      error: "must be coinbase (the Coinbase Exchange feed) or kraken (Kraken's WebSocket API v2)",
    })
    .default("coinbase"),
  STREAM_CONNECTIONS_PER_ADDRESS: z.coerce
    .number({ error: "must be a number" })
    .int()
    .min(1)
    .max(100_000)
    .default(8),
  STREAM_MAX_CONNECTIONS: z.coerce
    .number({ error: "must be a number" })
    .int()
    .min(1)
    .max(1_000_000)
    .default(10_000),
  NEWS_FEEDS: z.string().optional(),
  // How often the feeds are read (spec 9: every 600 s); shorter for a newsroom that wants breaking
  // items sooner, and for the browser test that watches one reach an open page (decision 323).
  NEWS_FEEDS_REFRESH_SECONDS: z.coerce
    .number({ error: "must be a number of seconds, such as 600" })
    .int()
    .min(5, "must be at least 5 (seconds)")
    .max(86_400, "must be at most 86400 (a day)")
    .default(intervals.newsTickerRefreshMs / 1000),
  PARTNER_API_URL: optionalUrl,
  PARTNER_API_KEY: z.string().optional(),
  PARTNER_API_KIND: z
    .enum(["wordpress", "ghost", "webhook"], { error: "must be wordpress, ghost or webhook" })
    .optional(),
  PARTNER_SECRET_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, "must look like smtp://user:password@host:587 or smtps://...")
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).optional(),
  // Internal ranges a staff-set address (partner, webhook) may reach anyway: an intranet partner,
  // a test's local stand-in. Unset: none (issue 33, decision 220).
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{86,88}$/,
      "must be a VAPID public key (npx web-push generate-vapid-keys)",
    )
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{42,44}$/,
      "must be a VAPID private key (npx web-push generate-vapid-keys)",
    )
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: address or an https URL")
    .optional(),
  OUTBOUND_ALLOW_PRIVATE: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((cidr) => cidr.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((cidr) => ipaddr.isValidCIDR(cidr)), {
      message: "must be comma-separated CIDR ranges, such as 10.0.0.0/8,127.0.0.1/32",
    })
    .optional(),
  CONTACT_EMAIL: z.email({ error: "must be an e-mail address" }).optional(),
});

export type Env = z.input<typeof envSchema>;

export type { AppConfig, S3StorageConfig } from "./app-config";

import type { AppConfig, S3StorageConfig } from "./app-config";

export { ConfigError };

/** Parse an environment. `overrides` lets tests and tools set values without touching process.env. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in envSchema.shape && value !== ""),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`,
      ),
    );
  }
  const e = parsed.data;
  if (e.OPENAI_BASE_URL && !e.OPENAI_API_KEY) {
    throw new ConfigError([
      "OPENAI_API_KEY: required when OPENAI_BASE_URL is set (any text for a local server that checks none)",
    ]);
  }
  if (e.MARKET_STREAM_URL && !e.MARKET_DATA_URL) {
    throw new ConfigError([
      "MARKET_DATA_URL: required when MARKET_STREAM_URL is set (the stream's prices are checked against the price API and its gaps filled from it)",
    ]);
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError([
      "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both (one key pair) or neither (no breaking-news alerts)",
    ]);
  }
  if (e.VAPID_PUBLIC_KEY && !vapidSubject(e)) {
    throw new ConfigError([
      "VAPID_SUBJECT: required with the VAPID keys unless CONTACT_EMAIL is set (a mailto: address or https URL where push services can reach the site's operator)",
    ]);
  }
  const s3 = s3StorageConfig(e);
  const dataDir = path.resolve(e.INIT_CWD ?? process.cwd(), overrides.dataDir ?? e.DATA_DIR);
  const port = overrides.port ?? e.PORT;
  const base: AppConfig = {
    port,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? "",
    jwtExpiresIn: e.JWT_EXPIRES_IN,
    siteName: e.SITE_NAME,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    s3,
    apiKeyUsageFlushMs: e.API_KEY_USAGE_FLUSH_MS,
    analyticsFlushMs: e.ANALYTICS_FLUSH_MS,
    pageCacheTtlSeconds: e.PAGE_CACHE_TTL_SECONDS,
    pageRenderQueueLimit: e.PAGE_RENDER_QUEUE_LIMIT,
    bitcoinAddress: e.BITCOIN_ADDRESS,
    ai: {
      ollamaUrl: e.OLLAMA_URL,
      ollamaModel: e.OLLAMA_MODEL,
      openaiBaseUrl: e.OPENAI_BASE_URL,
      openaiApiKey: e.OPENAI_API_KEY,
      openaiModel: e.OPENAI_MODEL,
      stableDiffusionUrl: e.SD_URL,
      dalleQuality: e.DALLE_QUALITY,
      dalleMaxImagesPerMinute: e.DALLE_MAX_IMAGES_PER_MINUTE,
      dalleMonthlyBudgetUsd: e.DALLE_MONTHLY_BUDGET_USD ?? null,
      dailyGenerationLimit: e.AI_DAILY_GENERATION_LIMIT,
    },
    marketData: { url: e.MARKET_DATA_URL, apiKey: e.MARKET_DATA_API_KEY },
    marketStream: { url: e.MARKET_STREAM_URL, kind: e.MARKET_STREAM_KIND },
    stream: {
      maxPerAddress: e.STREAM_CONNECTIONS_PER_ADDRESS,
      maxConnections: e.STREAM_MAX_CONNECTIONS,
    },
    breakingNewsFeeds: (e.NEWS_FEEDS ?? "")
      .split(",")
      .map((url) => url.trim())
      .filter(Boolean),
    breakingNewsRefreshMs: e.NEWS_FEEDS_REFRESH_SECONDS * 1000,
    partner: {
      url: e.PARTNER_API_URL,
      apiKey: e.PARTNER_API_KEY,
      kind: e.PARTNER_API_KIND,
      secretKey: e.PARTNER_SECRET_KEY,
    },
    outboundAllowPrivate: e.OUTBOUND_ALLOW_PRIVATE ?? [],
    webPush:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? {
            publicKey: e.VAPID_PUBLIC_KEY,
            privateKey: e.VAPID_PRIVATE_KEY,
            subject: vapidSubject(e)!,
          }
        : null,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `${e.SITE_NAME} <no-reply@${mailDomain(e.PUBLIC_URL)}>`,
      contactEmail: e.CONTACT_EMAIL,
    },
  };
  const config = { ...base, ...overrides, dataDir };
  assertDataDirIsAFolder(dataDir);
  if (!config.jwtSecret) config.jwtSecret = loadOrCreateJwtSecret(dataDir);
  return config;
}

function s3StorageConfig(e: z.output<typeof envSchema>): S3StorageConfig | null {
  if (e.STORAGE !== "s3") return null;
  const problems: string[] = [];
  if (!e.S3_BUCKET) problems.push("S3_BUCKET: required when STORAGE=s3 (the bucket for uploads)");
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither to use the AWS SDK's own credentials",
    );
  }
  if (problems.length > 0 || !e.S3_BUCKET) throw new ConfigError(problems);
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ""),
  };
}

/** Who push services may contact about our alerts: VAPID_SUBJECT, the contact address, or the https site. */
function vapidSubject(e: {
  VAPID_SUBJECT?: string;
  CONTACT_EMAIL?: string;
  PUBLIC_URL?: string;
}): string | undefined {
  if (e.VAPID_SUBJECT) return e.VAPID_SUBJECT;
  if (e.CONTACT_EMAIL) return `mailto:${e.CONTACT_EMAIL}`;
  return e.PUBLIC_URL?.startsWith("https://") ? e.PUBLIC_URL : undefined;
}

/** The host of the public address for the default sender (localhost for local installs). */
function mailDomain(publicUrl: string | undefined): string {
  if (!publicUrl) return "localhost";
  return new URL(publicUrl).hostname || "localhost";
}
