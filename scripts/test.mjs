// `npm test`: every check and test of the project, in two waves (decision 298).
//
// 1. The checks (Biome, the lock file, the typecheck), the unit suite (embedded database) and the
//    PostgreSQL suite side by side: none of them uses all of this machine's two cores alone (the
//    typecheck is one process, the suites wait on their databases), and they share nothing: each
//    test file has a database of its own, on PGlite or on the server.
// 2. Once all three passed: the browser suite and the two-instance cluster suite side by side (both
//    start the built server on ports and databases of their own). The build, and the seeded data
//    folder the browser suite's servers start from, are made as soon as the checks and the
//    PostgreSQL suite have passed, while the unit suite (the longest) finishes.
//
// Each line is printed as it comes, prefixed with its stage; a stage that fails is named at the
// end with its exit code, and a failed first wave skips the second, as `a && b` did.
import { spawn } from "node:child_process";
import { cpus } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";

const started = Date.now();
const seconds = (ms) => `${Math.round(ms / 1000)} s`;
const results = [];
const running = new Set();

function run(name, script, env = {}) {
  const begin = Date.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "0", ...env },
    });
    running.add(child);
    const prefix = `[${name}] `;
    for (const stream of [child.stdout, child.stderr]) {
      let rest = "";
      stream.setEncoding("utf8");
      stream.on("data", (text) => {
        const lines = (rest + text).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines)
          (stream === child.stderr ? process.stderr : process.stdout).write(`${prefix}${line}\n`);
      });
      stream.on("end", () => {
        if (rest) process.stdout.write(`${prefix}${rest}\n`);
      });
    }
    child.on("close", (code, signal) => {
      running.delete(child);
      const status = code ?? (signal ? 1 : 0);
      results.push({ name, status, ms: Date.now() - begin });
      console.log(
        `${prefix}${status === 0 ? "passed" : `FAILED (exit ${code ?? signal})`} in ${seconds(Date.now() - begin)}`,
      );
      resolve(status);
    });
  });
}

async function wave(stages) {
  const statuses = await Promise.all(stages.map(([name, script, env]) => run(name, script, env)));
  return statuses.every((status) => status === 0);
}

function finish(ok) {
  console.log(`\nnpm test ${ok ? "passed" : "FAILED"} in ${seconds(Date.now() - started)}:`);
  for (const { name, status, ms } of results) {
    console.log(
      `  ${name.padEnd(8)} ${status === 0 ? "passed" : `FAILED (${status})`}  ${seconds(ms)}`,
    );
  }
  process.exit(ok ? 0 : 1);
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    process.exit(130);
  });
}

// The browser stage's port block (playwright.config.ts draws it when unset): chosen here, so the
// seeded data folder made ahead of that stage below is the one its servers look for.
process.env.E2E_PORT ??= String(10_000 + Math.floor(Math.random() * 20_000));
const { prepareSeededTemplate, removeSeededTemplate } = await import("../e2e/seeded-data.mjs");

// The unit suite runs longest: once the checks and the PostgreSQL suite have passed, the build and
// the browser servers' seeded data folder are made while it finishes, not after it (decision 298).
const unit = run("unit", "test:unit");
const [checked, pg] = await Promise.all([run("check", "check"), run("pg", "test:pg")]);
let built = false;
if (checked === 0 && pg === 0) {
  built = (await run("build", "build")) === 0;
  if (built) {
    const begin = Date.now();
    const ready = await prepareSeededTemplate();
    console.log(
      `[seed] the browser servers' data folder ${ready ? "is made" : "could not be made: each server seeds its own"} in ${seconds(Date.now() - begin)}`,
    );
  }
}
if ((await unit) !== 0 || !built) {
  removeSeededTemplate();
  finish(false);
}

/** The share of the machine's CPU time that was idle over the next `ms` milliseconds. */
async function idleShare(ms) {
  const total = (list) =>
    list.reduce((sum, cpu) => sum + Object.values(cpu.times).reduce((a, b) => a + b, 0), 0);
  const idle = (list) => list.reduce((sum, cpu) => sum + cpu.times.idle, 0);
  const before = cpus();
  await sleep(ms);
  const after = cpus();
  const spent = total(after) - total(before);
  return spent > 0 ? (idle(after) - idle(before)) / spent : 0;
}

// The browser suite's tests mostly wait (decision 229): on a machine with room a third worker
// (and app server) shortens the stage; on a busy one (another run, other work) two keep its hang
// bounds. The first wave is over and the build done, so what is busy now is someone else's.
// E2E_WORKERS, when set, wins.
let e2eWorkers = process.env.E2E_WORKERS;
if (!e2eWorkers) {
  const idle = await idleShare(2000);
  e2eWorkers = idle >= 0.6 ? "3" : "2";
  console.log(`[e2e] ${Math.round(idle * 100)}% of the CPU idle: ${e2eWorkers} workers`);
}
finish(
  await wave([
    ["e2e", "test:e2e:built", { E2E_WORKERS: e2eWorkers }],
    ["cluster", "test:cluster"],
  ]),
);
