// Runs after every `npm install` / `npm ci` (the root package's postinstall). Small, idempotent
// fixes to installed dependencies, each with its reason; nothing here changes behaviour.
//
// @react-router/dev 7 (the last major for Node 20) starts its internal Vite servers with
// `envFile: false`, which Vite 8 deprecated for `envDir: false` (the same meaning) and warns about
// eight times per build. React Router 8 says it the new way but needs Node 22.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const reactRouterDev = path.join(root, "node_modules/@react-router/dev");
const patches = [
  {
    files: ["dist/vite.js", "dist/cli/index.js", "dist/vite/cloudflare.js"],
    from: /\benvFile: false\b/g,
    to: "envDir: false",
  },
];

for (const patch of patches) {
  for (const file of patch.files) {
    const full = path.join(reactRouterDev, file);
    if (!existsSync(full)) continue;
    const source = readFileSync(full, "utf8");
    const patched = source.replace(patch.from, patch.to);
    if (patched !== source) writeFileSync(full, patched);
  }
}
