import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import { test } from "./fixtures";

// `npm start` stops like a well-behaved server (issue 12): one SIGINT or SIGTERM to npm, to the
// start script or to the whole process group (a terminal's Ctrl+C), or the start script killed
// outright, and the server closes its database and exits; nothing is left running.
const root = path.join(import.meta.dirname, "../..");
let dataDir: string;

test.describe.configure({ mode: "serial" });
test.beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "aurumwire-lifecycle-"));
});
test.afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Started {
  npm: ChildProcess;
  wrapperPid: number;
  serverPid: number;
  output: () => string;
  exited: Promise<void>;
}

function childrenOf(pid: number): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** Running, not a zombie: an orphan that exited stays in the table until its new parent reaps it. */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
};

async function startServer(): Promise<Started> {
  const port = 4700 + Math.floor(Math.random() * 90);
  // detached: npm leads a process group of its own, as in a terminal.
  const npm = spawn("npm", ["start", "--silent"], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  npm.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  npm.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  // "close", not "exit": it comes once every holder of npm's output pipes has closed them, the
  // server included (it inherits them through the start script and may outlive npm, as when the
  // start script is killed), so the server's last line has been read by then.
  const exited = new Promise<void>((resolve) => npm.on("close", () => resolve()));
  await expect
    .poll(
      async () => {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
        return response?.status ?? 0;
      },
      // A hang bound, not a speed limit: the first start migrates and seeds the demo content,
      // which took over 90 s at a load of 20 (two fresh-clone runs' worth of work beside it);
      // own-server.ts and the shared servers allow the same 300 s.
      { timeout: 300_000, intervals: [250] },
    )
    .toBe(200);
  const [wrapperPid] = childrenOf(npm.pid ?? 0);
  const [serverPid] = childrenOf(wrapperPid);
  expect(wrapperPid).toBeGreaterThan(0);
  expect(serverPid).toBeGreaterThan(0);
  return { npm, wrapperPid, serverPid, output: () => output, exited };
}

async function expectCleanStop(started: Started) {
  await expect.poll(() => alive(started.serverPid), { timeout: 45_000 }).toBe(false);
  await expect.poll(() => alive(started.wrapperPid), { timeout: 10_000 }).toBe(false);
  await started.exited;
  const log = started.output();
  expect(log).toContain("closing the server and the database");
  expect(log).toContain("closed cleanly");
  expect(log).not.toContain("exiting");
  // Requests are logged at debug: the health checks above leave no line at info. An answer of
  // 5xx is logged as a warning (level 40) on purpose: at a load of 14 a health check that took
  // 3 s answered 503 and was rightly logged, which this check once took for request logging.
  const belowWarn = log
    .split("\n")
    .filter((line) => !/"level":(4|5|6)0\b/.test(line))
    .join("\n");
  expect(belowWarn).not.toContain("request completed");
  expect(belowWarn).not.toContain("incoming request");
}

const cases: Array<[string, (started: Started) => void]> = [
  ["SIGINT to npm", (s) => process.kill(s.npm.pid ?? 0, "SIGINT")],
  ["SIGTERM to npm", (s) => process.kill(s.npm.pid ?? 0, "SIGTERM")],
  ["SIGTERM to the start script", (s) => process.kill(s.wrapperPid, "SIGTERM")],
  ["SIGINT to the process group (Ctrl+C)", (s) => process.kill(-(s.npm.pid ?? 0), "SIGINT")],
  ["SIGTERM to the process group", (s) => process.kill(-(s.npm.pid ?? 0), "SIGTERM")],
  ["the start script killed with SIGKILL", (s) => process.kill(s.wrapperPid, "SIGKILL")],
];

for (const [index, [name, stop]] of cases.entries()) {
  test(`npm start closes the database and exits on ${name}`, async () => {
    test.setTimeout(600_000); // a hang bound: at a load of 20 one case took 1.5 min
    const started = await startServer();
    try {
      // The first start on the new data folder says, in one line, that it seeds the demo content.
      if (index === 0) expect(started.output()).toContain("with demo content");
      stop(started);
      await expectCleanStop(started);
    } finally {
      for (const pid of [started.serverPid, started.wrapperPid, started.npm.pid ?? 0])
        if (pid && alive(pid)) process.kill(pid, "SIGKILL");
    }
  });
}
