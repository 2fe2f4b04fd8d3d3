// Builds the production server: src/main.ts and the workspace code it imports (our shared package
// included) into one ES module, dist/main.mjs, with every npm dependency left as an import.
// Running the built file instead of the TypeScript sources through tsx keeps the transpiler out
// of the production process: ~150 MB less resident memory (decision 038).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const serverRoot = path.dirname(fileURLToPath(import.meta.url));
const manifest = JSON.parse(readFileSync(path.join(serverRoot, "package.json"), "utf8"));
const packages = [
  ...Object.keys(manifest.dependencies ?? {}),
  ...Object.keys(manifest.devDependencies ?? {}),
].filter((name) => !name.startsWith("@aurumwire/"));

await build({
  entryPoints: [path.join(serverRoot, "src/main.ts")],
  outfile: path.join(serverRoot, "dist/main.mjs"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // Dependencies and their subpaths ("drizzle-orm/pglite") stay imports from node_modules; vite
  // and middie are loaded only by the dev server (`npm run dev`).
  external: [...packages, ...packages.map((name) => `${name}/*`), "vite", "@fastify/middie"],
  logLevel: "warning",
  legalComments: "none",
});
