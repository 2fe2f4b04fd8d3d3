import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

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
  API_KEY_USAGE_FLUSH_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  PAGE_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).default(30),
  PAGE_RENDER_QUEUE_LIMIT: z.coerce.number().int().min(0).max(10_000).default(64),
  BITCOIN_ADDRESS: z.string().min(20).default("bc1qaurumwire0demo0address0replace0me0xyz"),
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
  MARKET_DATA_URL: optionalUrl,
  MARKET_DATA_API_KEY: z.string().optional(),
  NEWS_FEEDS: z.string().optional(),
  PARTNER_API_URL: optionalUrl,
  PARTNER_API_KEY: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, "must look like smtp://user:password@host:587 or smtps://...")
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).optional(),
  CONTACT_EMAIL: z.email({ error: "must be an e-mail address" }).optional(),
});

export type Env = z.input<typeof envSchema>;

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
  /** Prepended to every Redis key, so several deployments (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  /** How often batched API key usage (count, last use) is written to the database. */
  apiKeyUsageFlushMs: number;
  pageCacheTtlSeconds: number;
  /**
   * Public page renders that may wait for one of the 8 render slots; one more (or any while the
   * oldest has waited 500 ms) is answered at once with the stale copy or 503 + Retry-After (082).
   */
  pageRenderQueueLimit: number;
  bitcoinAddress: string;
  ai: {
    ollamaUrl?: string;
    ollamaModel: string;
    openaiBaseUrl?: string;
    openaiApiKey?: string;
    openaiModel: string;
    stableDiffusionUrl?: string;
    /** AI article generations per staff member and UTC day. */
    dailyGenerationLimit: number;
  };
  marketData: { url?: string; apiKey?: string };
  newsFeeds: string[];
  partner: { url?: string; apiKey?: string };
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
  /** Where the built web app lives; tests without a build leave it unset. */
  webBuildDir?: string;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

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
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
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
    apiKeyUsageFlushMs: e.API_KEY_USAGE_FLUSH_MS,
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
      dailyGenerationLimit: e.AI_DAILY_GENERATION_LIMIT,
    },
    marketData: { url: e.MARKET_DATA_URL, apiKey: e.MARKET_DATA_API_KEY },
    newsFeeds: (e.NEWS_FEEDS ?? "")
      .split(",")
      .map((url) => url.trim())
      .filter(Boolean),
    partner: { url: e.PARTNER_API_URL, apiKey: e.PARTNER_API_KEY },
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

/** The host of the public address for the default sender (localhost for local installs). */
function mailDomain(publicUrl: string | undefined): string {
  if (!publicUrl) return "localhost";
  return new URL(publicUrl).hostname || "localhost";
}

/** A DATA_DIR that exists must be a folder; a missing one is created when first written to. */
function assertDataDirIsAFolder(dataDir: string) {
  let isFolder = true;
  try {
    isFolder = statSync(dataDir).isDirectory();
  } catch {
    // missing: created later
  }
  if (!isFolder) {
    throw new ConfigError([
      `DATA_DIR: ${dataDir} is a file, not a folder. Point DATA_DIR at a folder (it is created when missing).`,
    ]);
  }
}

/**
 * A missing JWT_SECRET is generated once and kept in DATA_DIR, so tokens survive restarts. A file
 * that is there but unusable (short, damaged, a folder) stops the start with what to do: replacing
 * it silently would sign every user out and hide that something overwrote it.
 */
function loadOrCreateJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, "jwt-secret");
  const cannotStart = (problem: string) => new ConfigError([problem]);
  let existing: string | undefined;
  try {
    existing = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EISDIR") {
      throw cannotStart(
        `DATA_DIR: ${file} is a folder, but it should be the file that holds the login-token secret. Remove it to have a new secret made (everyone is signed out), or set JWT_SECRET.`,
      );
    }
    if (code !== "ENOENT") {
      throw cannotStart(
        `DATA_DIR: cannot read ${file} (${code ?? String(error)}). Check its owner and permissions, or set JWT_SECRET.`,
      );
    }
  }
  if (existing !== undefined) {
    const secret = existing.trim();
    if (secret.length >= 32 && /^[\x20-\x7e]+$/.test(secret)) return secret;
    const what =
      secret.length < 32
        ? `holds ${secret.length} characters where at least 32 are needed`
        : "holds characters no generated secret has (it looks damaged)";
    throw cannotStart(
      `DATA_DIR: ${file} ${what}. Restore it from a backup, or delete it to have a new one made (everyone is signed out), or set JWT_SECRET.`,
    );
  }
  const secret = randomBytes(48).toString("base64url");
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Another server starting on the same folder wrote it first: use theirs.
    if (code === "EEXIST") return loadOrCreateJwtSecret(dataDir);
    throw cannotStart(
      `DATA_DIR: cannot write ${file} (${code ?? String(error)}). Check that ${dataDir} can be created and written by this user, or set JWT_SECRET.`,
    );
  }
  return secret;
}
