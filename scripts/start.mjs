// `npm start`: build the web app and the server if they are not built yet (or their sources
// changed), then start the built server in production mode.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const webEntry = path.join(root, "apps/web/build/server/index.js");
const serverEntry = path.join(root, "apps/server/dist/main.mjs");

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "build" || entry.name.startsWith("."))
      continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const shared = newestSource(path.join(root, "packages/shared/src"));
const webSources = Math.max(newestSource(path.join(root, "apps/web/app")), shared);
const serverSources = Math.max(newestSource(path.join(root, "apps/server/src")), shared);
const stale = (entry, sources) => !existsSync(entry) || statSync(entry).mtimeMs < sources;
if (stale(webEntry, webSources) || stale(serverEntry, serverSources)) {
  // One line per phase: the build's own list of every asset it wrote (200 lines and more) is
  // shown only when the build fails, where it says what went wrong.
  console.log("Building the web app and the server (first start or changed sources)...");
  const startedAt = Date.now();
  const build = spawnSync("npm", ["run", "build"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    shell: false,
  });
  if (build.status !== 0) {
    process.stdout.write(build.stdout ?? "");
    process.stderr.write(build.stderr ?? "");
    console.error("The build failed (its output is above).");
    process.exit(build.status ?? 1);
  }
  console.log(`Built in ${Math.round((Date.now() - startedAt) / 1000)} s. Starting the server...`);
}

// The server's runtime settings (decision 038): V8 heap limits and compiler tiers, and glibc's
// allocator arenas, all chosen to keep resident memory small under load.
const runtime = JSON.parse(readFileSync(path.join(root, "scripts/server-runtime.json"), "utf8"));

// The server runs as a child. A stop signal sent to this process (a process manager's SIGTERM,
// npm passing on Ctrl+C) is passed on once: with Ctrl+C the server already has its own copy from
// the terminal, and it closes the database once whatever the count. The IPC channel lets the
// server notice if this process dies without passing anything on.
const server = spawn(
  process.execPath,
  [...runtime.nodeFlags, serverEntry, ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: ["inherit", "inherit", "inherit", "ipc"],
    env: { NODE_ENV: "production", ...runtime.env, ...process.env },
  },
);
let forwarded = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (forwarded) return;
    forwarded = true;
    server.kill(signal);
  });
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
