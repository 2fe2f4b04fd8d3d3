// The npm registry this project installs from does not carry every platform build of a package
// (for example @biomejs/cli-win32-x64). `npm install` then leaves those optional entries out of
// package-lock.json, and `npm ci` refuses the lock as out of sync. This script adds the missing
// optional platform entries (os/cpu/libc read from the package name), which npm never installs
// on a platform they do not match. `--check` only reports, for `npm run check`.
import { readFileSync, writeFileSync } from "node:fs";

const lockPath = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;
const platformName =
  /-(android|darwin|linux|win32|freebsd)-(arm64|x64|ia32|arm)(?:-(musl|gnu|msvc))?$/;
const missing = [];

for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location}/node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const match = platformName.exec(name);
    if (!match) continue;
    const [, os, cpu, libc] = match;
    missing.push(name);
    packages[`node_modules/${name}`] = {
      version,
      cpu: [cpu],
      ...(entry.dev ? { dev: true } : {}),
      ...(os === "linux" ? { libc: [libc === "musl" ? "musl" : "glibc"] } : {}),
      optional: true,
      os: [os],
    };
  }
}

if (process.argv.includes("--check")) {
  if (missing.length) {
    console.error(`package-lock.json lacks optional platform entries: ${missing.join(", ")}`);
    console.error("Run: node scripts/complete-lockfile.mjs");
    process.exit(1);
  }
} else if (missing.length) {
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) =>
      a === "" ? -1 : b === "" ? 1 : a.localeCompare(b),
    ),
  );
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`added ${missing.length} optional platform entries: ${missing.join(", ")}`);
}
