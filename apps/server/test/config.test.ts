import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config";

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

  it("reads the optional integrations", () => {
    const config = loadConfig({
      JWT_SECRET: "x".repeat(40),
      NEWS_FEEDS: "https://a.example/rss, https://b.example/atom",
      SEED_DEMO: "false",
    });
    expect(config.newsFeeds).toEqual(["https://a.example/rss", "https://b.example/atom"]);
    expect(config.seedDemo).toBe(false);
  });
});
