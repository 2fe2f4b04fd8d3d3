import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config";

const made: string[] = [];
/** A folder of this file's own, removed after each test. */
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "aurumwire-config-"));
  made.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("config", () => {
  it("refuses to start with a readable list of every problem", () => {
    let caught: unknown;
    try {
      loadConfig({
        PORT: "eighty",
        DATABASE_URL: "mysql://x",
        JWT_SECRET: "short",
        SEED_DEMO: "maybe",
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join("\n");
    expect(problems).toContain("PORT: must be a number");
    expect(problems).toContain("DATABASE_URL: must start with postgres://");
    expect(problems).toContain("JWT_SECRET: must be at least 32 characters");
    expect(problems).toContain("SEED_DEMO:");
  });

  it("takes an exchange stream only with a WebSocket address and a price API to check it against", () => {
    const secret = { JWT_SECRET: "x".repeat(40), DATA_DIR: tmpdir() };
    expect(() => loadConfig({ ...secret, MARKET_STREAM_URL: "https://feed.example" })).toThrow(
      /MARKET_STREAM_URL: must be a WebSocket address/,
    );
    expect(() => loadConfig({ ...secret, MARKET_STREAM_URL: "wss://feed.example" })).toThrow(
      /MARKET_DATA_URL: required when MARKET_STREAM_URL is set/,
    );
    const config = loadConfig({
      ...secret,
      MARKET_STREAM_URL: "wss://ws-feed.exchange.coinbase.com",
      MARKET_DATA_URL: "https://api.coingecko.com/api/v3",
      STREAM_CONNECTIONS_PER_ADDRESS: "4",
    });
    expect(config.marketStream).toEqual({
      url: "wss://ws-feed.exchange.coinbase.com",
      kind: "coinbase",
    });
    expect(config.stream).toEqual({ maxPerAddress: 4, maxConnections: 10_000 });
    const kraken = {
      ...secret,
      MARKET_STREAM_URL: "wss://ws.kraken.com/v2",
      MARKET_DATA_URL: "https://api.coingecko.com/api/v3",
    };
    expect(loadConfig({ ...kraken, MARKET_STREAM_KIND: "kraken" }).marketStream).toEqual({
      url: "wss://ws.kraken.com/v2",
      kind: "kraken",
    });
    expect(() => loadConfig({ ...kraken, MARKET_STREAM_KIND: "binance" })).toThrow(
      /MARKET_STREAM_KIND: must be coinbase \(the Coinbase Exchange feed\) or kraken/,
    );
  });

  it("reads OUTBOUND_ALLOW_PRIVATE as CIDR ranges and explains a wrong one", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).outboundAllowPrivate).toEqual([]);
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        OUTBOUND_ALLOW_PRIVATE: " 10.0.0.0/8, 127.0.0.1/32,fd00::/8",
      }).outboundAllowPrivate,
    ).toEqual(["10.0.0.0/8", "127.0.0.1/32", "fd00::/8"]);
    expect(() => loadConfig({ DATA_DIR: dataDir, OUTBOUND_ALLOW_PRIVATE: "10.0.0.1" })).toThrow(
      "OUTBOUND_ALLOW_PRIVATE: must be comma-separated CIDR ranges, such as 10.0.0.0/8,127.0.0.1/32",
    );
  });

  it("has working defaults and keeps a generated JWT secret in DATA_DIR", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "aurumwire-config-"));
    try {
      const first = loadConfig({ DATA_DIR: dataDir });
      expect(first).toMatchObject({ port: 3000, siteName: "AurumWire", seedDemo: true });
      expect(first.publicUrl).toBe("http://localhost:3000");
      expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(readFileSync(path.join(dataDir, "jwt-secret"), "utf8").trim()).toBe(first.jwtSecret);
      expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("reads a relative DATA_DIR from the folder npm was run in, so npm start and npm run dev share it", () => {
    // `npm run dev` runs the server in apps/server, `npm start` in the repository's root; npm
    // passes the folder it was run in as INIT_CWD to both.
    const root = tempDir();
    const secret = { JWT_SECRET: "x".repeat(40) };
    expect(loadConfig({ INIT_CWD: root, ...secret }).dataDir).toBe(path.join(root, "data"));
    expect(loadConfig({ INIT_CWD: root, DATA_DIR: "store/site", ...secret }).dataDir).toBe(
      path.join(root, "store", "site"),
    );
    expect(loadConfig({ INIT_CWD: root, DATA_DIR: "/srv/aurumwire", ...secret }).dataDir).toBe(
      "/srv/aurumwire",
    );
  });

  it("refuses a DATA_DIR that is a file, with what to do", () => {
    const file = path.join(tempDir(), "not-a-folder");
    writeFileSync(file, "x");
    expect(() => loadConfig({ DATA_DIR: file, JWT_SECRET: "x".repeat(40) })).toThrow(
      `DATA_DIR: ${file} is a file, not a folder. Point DATA_DIR at a folder (it is created when missing).`,
    );
  });

  it("refuses a jwt-secret that is a folder instead of making a new secret", () => {
    const dataDir = tempDir();
    mkdirSync(path.join(dataDir, "jwt-secret"));
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(/jwt-secret is a folder/);
  });

  it("never silently replaces a short or damaged jwt-secret", () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, "jwt-secret");
    writeFileSync(file, "too-short\n");
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(
      /jwt-secret holds 9 characters where at least 32 are needed\. Restore it from a backup, or delete it/,
    );
    expect(readFileSync(file, "utf8")).toBe("too-short\n");
    writeFileSync(file, Buffer.from([0x00, 0xff, ...Array(40).fill(0x41), 0x07]));
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(/looks damaged/);
  });

  it("reads the optional integrations", () => {
    const config = loadConfig({
      JWT_SECRET: "x".repeat(40),
      NEWS_FEEDS: "https://a.example/rss, https://b.example/atom",
      SEED_DEMO: "false",
    });
    expect(config.breakingNewsFeeds).toEqual(["https://a.example/rss", "https://b.example/atom"]);
    expect(config.seedDemo).toBe(false);
  });

  it("reads the feeds every 600 s unless NEWS_FEEDS_REFRESH_SECONDS says otherwise", () => {
    const secret = { JWT_SECRET: "x".repeat(40) };
    expect(loadConfig(secret).breakingNewsRefreshMs).toBe(600_000);
    expect(loadConfig({ ...secret, NEWS_FEEDS_REFRESH_SECONDS: "15" }).breakingNewsRefreshMs).toBe(
      15_000,
    );
    expect(() => loadConfig({ ...secret, NEWS_FEEDS_REFRESH_SECONDS: "1" })).toThrow(
      /NEWS_FEEDS_REFRESH_SECONDS.*at least 5/,
    );
  });
});
