import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { type BuildOptions, buildApp } from "../src/app";
import { type AppConfig, loadConfig } from "../src/config";
import { type DatabaseHandle, openDatabase } from "../src/db/client";
import type { startFakeSmtpServer } from "./fake-smtp-server";

/**
 * Boots the whole app for a test file: in-memory PGlite by default, or a fresh database of its own
 * on the PostgreSQL server named by TEST_PG_URL (dropped again on close). Either starts from the
 * run's migrated (and, unless seedDemo is off, seeded) template (global-setup.ts), so a file's
 * set-up costs well under a second. Everything it made is removed on close.
 */
export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  env: Record<string, string> = {},
  build: Omit<BuildOptions, "database"> = {},
): Promise<FastifyInstance> {
  const database = await openTestDatabase(overrides, env);
  try {
    const app = await database.start(build);
    const close = app.close.bind(app);
    // The database is dropped after the app (and its pool) has closed.
    app.close = (async () => {
      await close();
      await database.close();
    }) as typeof app.close;
    return app;
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * A test database that outlives the servers started on it: `start()` boots the whole app on it
 * (again after a clean stop, as a restart), `close()` removes it and its data folder. A restart
 * on an on-disk data folder costs initdb, migrations and demo seeding twice, which took over
 * 120 s on a machine at a load of 40 (issue 33); this one starts from the run's template.
 */
export async function openTestDatabase(
  overrides: Partial<AppConfig> = {},
  env: Record<string, string> = {},
): Promise<{
  start(build?: Omit<BuildOptions, "database">): Promise<FastifyInstance>;
  close(): Promise<void>;
}> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "aurumwire-test-"));
  const cleanups: Array<() => Promise<void> | void> = [
    () => rmSync(dataDir, { recursive: true, force: true }),
  ];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const config = loadConfig(
      { LOG_LEVEL: "silent", ...env },
      {
        dataDir,
        databaseUrl: "memory://",
        jwtSecret: "test-secret-that-is-long-enough-for-hs256-signing",
        ...overrides,
      },
    );
    const templates = inject("testDatabaseTemplates");
    const template = config.seedDemo ? templates.seeded : templates.bare;
    if (config.seedDemo) cpSync(templates.seededFilesDir, dataDir, { recursive: true });
    let database: DatabaseHandle | undefined;
    if (templates.kind === "postgres") {
      config.databaseUrl = await createDatabaseFrom(template, cleanups);
    } else {
      const opened = await openDatabase({
        databaseUrl: "memory://",
        dataDir,
        loadDataDir: new Blob([readFileSync(template)]),
      });
      cleanups.push(() => opened.close());
      // Each server closes "its" database on stop; the in-memory one must outlive it.
      database = { ...opened, close: async () => {} };
    }
    return {
      start: (build = {}) => buildApp(config, { web: "none", logger: false, ...build, database }),
      close: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** A database of this test's own on the PostgreSQL server, copied from a template. */
async function createDatabaseFrom(
  template: string,
  cleanups: Array<() => Promise<void> | void>,
): Promise<string> {
  const serverUrl = process.env.TEST_PG_URL;
  if (!serverUrl) throw new Error("TEST_PG_URL is needed for the PostgreSQL templates");
  const name = `aurumwire_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  cleanups.push(async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
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

/**
 * A new reader account made the way a reader makes one (decision 276): sign-up, then, where the
 * app has mail, the link of the mail it sent (`smtp`), then a sign-in. Its id and bearer header.
 */
export async function signUpReader(
  app: FastifyInstance,
  account: { email: string; password: string; firstName?: string; lastName?: string },
  options: { remoteAddress?: string; smtp?: Awaited<ReturnType<typeof startFakeSmtpServer>> } = {},
): Promise<{ id: number; token: string; headers: { authorization: string } }> {
  const { remoteAddress = "127.0.0.1", smtp } = options;
  const registered = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { firstName: "New", lastName: "Reader", ...account },
    remoteAddress,
  });
  if (registered.statusCode !== 202) throw new Error(`sign-up failed: ${registered.body}`);
  if (smtp) {
    await app.services.outbox.deliverDue();
    const mail = smtp.mailsTo(account.email).at(-1);
    if (!mail) throw new Error(`no sign-up mail to ${account.email}`);
    const link = new URL(
      smtp.linkIn(mail, `${app.config.publicUrl}/api/auth/complete-sign-up?token=`),
    );
    const opened = await app.inject({ method: "GET", url: `${link.pathname}${link.search}` });
    if (opened.statusCode !== 200) throw new Error(`sign-up link failed: ${opened.body}`);
  }
  const signedIn = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: account.email, password: account.password },
    remoteAddress,
  });
  if (signedIn.statusCode !== 200)
    throw new Error(`sign-in after sign-up failed: ${signedIn.body}`);
  const { token, user } = signedIn.json() as { token: string; user: { id: number } };
  return { id: user.id, token, headers: { authorization: `Bearer ${token}` } };
}
