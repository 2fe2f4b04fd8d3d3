import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * `npm run bench` seeds 10,000 articles and runs for 20 minutes: asked for help, it must answer
 * with its usage and start nothing; an argument it does not know is refused with the usage
 * (issue 32). The script runs as `npm run bench -- ...` runs it.
 */
const benchDir = path.resolve(import.meta.dirname, "../../../bench");
// tsx keeps its compile cache in the temp folder: one of the test's own, removed afterwards.
const scratch = mkdtempSync(path.join(tmpdir(), "aurumwire-bench-usage-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function bench(...args: string[]) {
  return spawnSync(process.execPath, ["--import", "tsx", "run.ts", ...args], {
    cwd: benchDir,
    encoding: "utf8",
    // A hang bound only: a bench that started instead would run for many minutes.
    timeout: 120_000,
    env: { ...process.env, TMPDIR: scratch, BENCH_DATA_DIR: path.join(scratch, "data") },
  });
}

describe("npm run bench", () => {
  it("prints its usage for --help, and starts nothing", () => {
    const answer = bench("--help");
    expect(answer.status, answer.stderr).toBe(0);
    expect(answer.stdout).toMatch(/^usage: npm run bench \[-- --help\]/);
    expect(answer.stdout).toContain("BENCH_ARTICLES");
  });

  it("refuses an argument it does not know, with the usage", () => {
    const answer = bench("--fast");
    expect(answer.status).toBe(2);
    expect(answer.stderr).toContain("bench: unknown argument --fast");
    expect(answer.stderr).toContain("usage: npm run bench");
  });
});
