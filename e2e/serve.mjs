// The e2e server: the built server on a data folder of its own, removed again when the server
// stops. Playwright stops this process with SIGTERM (gracefulShutdown in playwright.config.ts);
// the signal is passed on once, and the folder goes after the server has closed its database.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const serverEntry = path.join(import.meta.dirname, "../apps/server/dist/main.mjs");
const dataDir = mkdtempSync(path.join(tmpdir(), "aurumwire-e2e-"));
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
