// `npm test`: every check and test of the project, in two waves (decision 298).
//
// 1. The checks (Biome, the lock file, the typecheck), the unit suite (embedded database) and the
//    PostgreSQL suite side by side: none of them uses all of this machine's two cores alone (the
//    typecheck is one process, the suites wait on their databases), and they share nothing: each
//    test file has a database of its own, on PGlite or on the server.
// 2. Once all three passed: the build, then the browser suite and the two-instance cluster suite
//    side by side (both start the built server on ports and databases of their own).
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

const first = await wave([
  ["check", "check"],
  ["unit", "test:unit"],
  ["pg", "test:pg"],
]);
if (!first) finish(false);
const built = await wave([["build", "build"]]);
if (!built) finish(false);

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
