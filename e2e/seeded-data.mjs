// The data folder every e2e app server starts from, made once per run (issue 33). A first start
// on an empty folder runs initdb, the migrations and the demo seeding (covers drawn): about 10 s
// of CPU more than a start on a seeded folder, and a run starts eight such servers (one per
// worker, five specs' own). The first server to ask starts the built server once on a folder of
// the run's own, stops it, and every server gets a copy; if that fails, each starts empty as
// before. The JWT secret is left out of the copy: each server makes its own, as on a first start.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const serverEntry = path.join(import.meta.dirname, "../apps/server/dist/main.mjs");
// A hang bound, not a speed limit: a first start took over 120 s at a load of 30.
const hangBoundMs = 300_000;

/** The run's template folder: named by the run's port block (playwright.config.ts). */
export function seededTemplateRoot() {
  return path.join(tmpdir(), `aurumwire-e2e-seeded-${process.env.E2E_PORT}`);
}

async function healthy(url) {
  const response = await fetch(url).catch(() => null);
  return response?.status === 200;
}

async function buildTemplate(root) {
  const dataDir = path.join(root, "data");
  mkdirSync(dataDir);
  // +6 of the run's port block is free (playwright.config.ts and own-server.ts list the others).
  const port = Number(process.env.E2E_PORT) + 6;
  const server = spawn(process.execPath, [serverEntry], {
    stdio: "ignore",
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
    },
  });
  const exited = new Promise((resolve) => server.once("exit", resolve));
  try {
    const deadline = Date.now() + hangBoundMs;
    while (!(await healthy(`http://127.0.0.1:${port}/api/health`))) {
      if (server.exitCode !== null || Date.now() > deadline) throw new Error("no seeded start");
      await sleep(250);
    }
  } finally {
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(path.join(dataDir, "jwt-secret"), { force: true });
}

/**
 * Makes the run's seeded template unless another process of this run makes or made it, and waits
 * for it. True when it is ready. `npm test` calls it ahead of the browser stage (scripts/test.mjs),
 * while the unit suite still runs; otherwise the first server to start makes it.
 */
export async function prepareSeededTemplate() {
  const root = seededTemplateRoot();
  const ready = path.join(root, "ready");
  const failed = path.join(root, "failed");
  let builder = false;
  try {
    mkdirSync(root);
    builder = true;
  } catch {
    // Another server of this run makes it.
  }
  if (builder) {
    try {
      await buildTemplate(root);
      writeFileSync(ready, "");
    } catch {
      writeFileSync(failed, "");
    }
  } else {
    const deadline = Date.now() + hangBoundMs;
    while (!existsSync(ready) && !existsSync(failed) && Date.now() < deadline) await sleep(250);
  }
  return existsSync(ready);
}

/**
 * Fills an empty data folder with the run's seeded template (made here if no server made it yet).
 * Returns false, leaving the folder empty, when the template could not be made.
 */
export async function fillFromSeededTemplate(dataDir) {
  if (!(await prepareSeededTemplate())) return false;
  cpSync(path.join(seededTemplateRoot(), "data"), dataDir, { recursive: true });
  return true;
}

/** Removes the run's template (Playwright's global teardown). */
export function removeSeededTemplate() {
  rmSync(seededTemplateRoot(), { recursive: true, force: true });
}
