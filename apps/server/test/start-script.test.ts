import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * `npm start` on a first start builds, then starts the server (scripts/start.mjs). Issue 32: the
 * build's own list of every asset it wrote (200 lines and more) buried the start; a person should
 * read one line per phase, and the whole build output only when the build fails. The real
 * scripts/start.mjs runs in a scratch project whose `npm run build` writes 210 asset lines (as
 * Vite does) and a server that prints one line and exits, so the test needs no real build.
 */
const repoRoot = path.resolve(import.meta.dirname, "../../..");
let project: string;

const buildScript = `
import { mkdirSync, writeFileSync } from "node:fs";
for (let i = 0; i < 210; i += 1) console.log("build/client/assets/chunk-" + i + ".js  1.2 kB");
if (process.env.FAIL_BUILD) {
  console.error("error during build: something went wrong");
  process.exit(1);
}
mkdirSync("apps/web/build/server", { recursive: true });
writeFileSync("apps/web/build/server/index.js", "export {};\\n");
mkdirSync("apps/server/dist", { recursive: true });
writeFileSync("apps/server/dist/main.mjs", 'console.log("the server started"); process.exit(0);\\n');
`;

function start(env: Record<string, string> = {}) {
  return spawnSync(process.execPath, ["scripts/start.mjs"], {
    cwd: project,
    encoding: "utf8",
    // A hang bound only.
    timeout: 120_000,
    env: { ...process.env, ...env },
  });
}

beforeAll(() => {
  project = mkdtempSync(path.join(tmpdir(), "aurumwire-start-script-"));
  mkdirSync(path.join(project, "scripts"));
  for (const file of ["start.mjs", "server-runtime.json"])
    copyFileSync(path.join(repoRoot, "scripts", file), path.join(project, "scripts", file));
  for (const dir of ["packages/shared/src", "apps/web/app", "apps/server/src"]) {
    mkdirSync(path.join(project, dir), { recursive: true });
    writeFileSync(path.join(project, dir, "index.ts"), "export {};\n");
  }
  writeFileSync(
    path.join(project, "package.json"),
    JSON.stringify({
      name: "start-script-scratch",
      private: true,
      scripts: { build: "node build.mjs" },
    }),
  );
  writeFileSync(path.join(project, "build.mjs"), buildScript);
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe("npm start (scripts/start.mjs)", () => {
  it("says what a failed build printed, and that it failed, and starts nothing", () => {
    const answer = start({ FAIL_BUILD: "1" });
    expect(answer.status).toBe(1);
    expect(answer.stdout).toContain("build/client/assets/chunk-209.js");
    expect(answer.stderr).toContain("error during build: something went wrong");
    expect(answer.stderr).toContain("The build failed (its output is above).");
    expect(answer.stdout).not.toContain("the server started");
  });

  it("prints one line per phase on a first start, not the build's asset list", () => {
    const answer = start();
    expect(answer.status, answer.stderr).toBe(0);
    expect(answer.stdout.trim().split("\n")).toEqual([
      "Building the web app and the server (first start or changed sources)...",
      expect.stringMatching(/^Built in \d+ s\. Starting the server\.\.\.$/),
      "the server started",
    ]);
  });

  it("starts at once, without a build, when nothing changed since the last one", () => {
    const answer = start();
    expect(answer.status, answer.stderr).toBe(0);
    expect(answer.stdout.trim()).toBe("the server started");
  });
});
