import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The server package's folder, found by walking up from this module to the package.json named
 * @aurumwire/server. The same answer whether the sources run through tsx (src/**) or as the built
 * bundle (dist/main.mjs), whose modules all share one location.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest)) {
      const name = (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name;
      if (name === "@aurumwire/server") return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("cannot find the @aurumwire/server package folder");
    dir = parent;
  }
}

export const serverRoot = findServerRoot();
export const migrationsFolder = path.join(serverRoot, "src", "db", "migrations");
export const webRoot = path.resolve(serverRoot, "..", "web");
