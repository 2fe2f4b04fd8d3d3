import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { type BuildOptions, buildApp } from "../src/app";
import { type AppConfig, loadConfig } from "../src/config";

/**
 * Boots the whole app for a test file: in-memory PGlite by default, or a fresh database of its own
 * on the PostgreSQL server named by TEST_PG_URL (dropped again on close).
 */
export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  env: Record<string, string> = {},
  build: BuildOptions = {},
): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "aurumwire-test-"));
  let databaseUrl = "memory://";
  let dropDatabase: (() => Promise<void>) | undefined;
  const serverUrl = process.env.TEST_PG_URL;
  if (serverUrl) {
    const name = `aurumwire_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  }
  const config = loadConfig(
    { LOG_LEVEL: "silent", ...env },
    {
      dataDir,
      databaseUrl,
      jwtSecret: "test-secret-that-is-long-enough-for-hs256-signing",
      ...overrides,
    },
  );
  const app = await buildApp(config, { web: "none", logger: false, ...build });
  const close = app.close.bind(app);
  // The database is dropped after the app (and its pool) has closed.
  app.close = (async () => {
    await close();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  }) as typeof app.close;
  return app;
}

export const demo = {
  admin: { email: "admin@aurumwire.test", password: "AurumAdmin#2024" },
  editor: { email: "editor@aurumwire.test", password: "AurumEditor#2024" },
  author: { email: "author@aurumwire.test", password: "AurumAuthor#2024" },
  reader: { email: "reader@aurumwire.test", password: "AurumReader#2024" },
} as const;

/** Logs a demo account in and returns its bearer header. */
export async function loginAs(
  app: FastifyInstance,
  who: keyof typeof demo,
): Promise<{ authorization: string }> {
  const response = await app.inject({ method: "POST", url: "/api/auth/login", payload: demo[who] });
  if (response.statusCode !== 200) throw new Error(`login as ${who} failed: ${response.body}`);
  return { authorization: `Bearer ${response.json().token}` };
}
