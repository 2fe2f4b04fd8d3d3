import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client";
import { seedDemoContent } from "../src/db/seed";

/**
 * Where each test file's database starts from (issue 12): the schema is migrated, and the demo
 * content seeded, once per run. A new PGlite database costs seconds of initdb, migrations and
 * cover drawing; loaded from an image it costs a fraction of one. On a PostgreSQL server
 * (TEST_PG_URL) the images are template databases, copied by `create database ... template`.
 */
export interface TestDatabaseTemplates {
  /** Demo uploads (the seeded articles' covers), copied into each seeded test's DATA_DIR. */
  seededFilesDir: string;
  /** PGlite: files holding `dumpDataDir` images. PostgreSQL: names of template databases. */
  seeded: string;
  bare: string;
  kind: "pglite" | "postgres";
}

declare module "vitest" {
  export interface ProvidedContext {
    testDatabaseTemplates: TestDatabaseTemplates;
  }
}

export default async function setup(project: TestProject) {
  // Every temporary file of the run goes into one folder of its own (the workers start after this
  // and inherit TMPDIR); whatever a test leaves there fails the run, and the folder is removed.
  const runDir = mkdtempSync(path.join(tmpdir(), "aurumwire-test-run-"));
  process.env.TMPDIR = runDir;
  const root = mkdtempSync(path.join(runDir, "template-"));
  const seededFilesDir = path.join(root, "seeded-files");
  mkdirSync(seededFilesDir);
  const serverUrl = process.env.TEST_PG_URL;
  let dropTemplates = async () => {};
  try {
    if (serverUrl) {
      const suffix = `${process.pid}_${Date.now().toString(36)}`;
      const names = {
        seeded: `aurumwire_tpl_seeded_${suffix}`,
        bare: `aurumwire_tpl_bare_${suffix}`,
      };
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        for (const name of Object.values(names)) await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      dropTemplates = () => dropDatabases(serverUrl, Object.values(names));
      for (const [which, name] of Object.entries(names)) {
        const url = new URL(serverUrl);
        url.pathname = `/${name}`;
        const database = await openDatabase({ databaseUrl: url.toString(), dataDir: root });
        try {
          if (which === "seeded")
            await seedDemoContent(database.db, { dataDir: seededFilesDir, siteName: "AurumWire" });
        } finally {
          await database.close();
        }
      }
      project.provide("testDatabaseTemplates", { seededFilesDir, ...names, kind: "postgres" });
    } else {
      const images = { seeded: path.join(root, "seeded.tar"), bare: path.join(root, "bare.tar") };
      for (const [which, file] of Object.entries(images)) {
        const database = await openDatabase({ databaseUrl: "memory://", dataDir: root });
        try {
          if (which === "seeded")
            await seedDemoContent(database.db, { dataDir: seededFilesDir, siteName: "AurumWire" });
          const client = (database.db as unknown as { $client: PGliteLike }).$client;
          const image = await client.dumpDataDir("none");
          writeFileSync(file, Buffer.from(await image.arrayBuffer()));
        } finally {
          await database.close();
        }
      }
      project.provide("testDatabaseTemplates", { seededFilesDir, ...images, kind: "pglite" });
    }
  } catch (error) {
    await dropTemplates().catch(() => {});
    rmSync(runDir, { recursive: true, force: true });
    throw error;
  }
  return async () => {
    await dropTemplates();
    rmSync(root, { recursive: true, force: true });
    const leftovers = readdirSync(runDir);
    rmSync(runDir, { recursive: true, force: true });
    if (leftovers.length > 0) {
      // A throw here is only logged by Vitest; the exit code is what fails CI.
      console.error(`Tests left temporary files behind: ${leftovers.join(", ")}`);
      process.exitCode = 1;
    }
  };
}

interface PGliteLike {
  dumpDataDir(compression: "none"): Promise<Blob>;
}

async function dropDatabases(serverUrl: string, names: string[]) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
