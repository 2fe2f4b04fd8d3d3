// The e2e server: the built server on a data folder of its own, removed again when the server
// stops. Playwright stops this process with SIGTERM (gracefulShutdown in playwright.config.ts);
// the signal is passed on once, and the folder goes after the server has closed its database.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fillFromSeededTemplate } from "./seeded-data.mjs";

const serverEntry = path.join(import.meta.dirname, "../apps/server/dist/main.mjs");
const dataDir = mkdtempSync(path.join(tmpdir(), "aurumwire-e2e-"));
// The run's seeded demo content, made once (seeded-data.mjs); an empty folder if that failed.
await fillFromSeededTemplate(dataDir);
const server = spawn(process.execPath, [serverEntry], {
  stdio: "inherit",
  env: { ...process.env, DATA_DIR: dataDir },
});
let forwarded = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (forwarded) return;
    forwarded = true;
    server.kill(signal);
  });
}
server.on("exit", (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
