/**
 * The bench's servers: the production build started as `npm start` starts it (its V8 flags and
 * environment, `scripts/server-runtime.json`), waited for, measured and stopped.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

export async function waitFor(url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up`);
}

/** A process's resident memory now, in MB (0 once it is gone). */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Starts `apps/server/dist/main.mjs` on 127.0.0.1:port and waits for its health check. */
export async function startServer(options: {
  root: string;
  port: number;
  env: Record<string, string>;
  /** Every server the bench started, stopped again if the bench fails. */
  children: Set<ChildProcess>;
  /** Called as soon as the process exists (to watch it while it starts). */
  onSpawn?: (child: ChildProcess) => void;
}): Promise<ChildProcess> {
  const runtime = JSON.parse(
    readFileSync(path.join(options.root, "scripts/server-runtime.json"), "utf8"),
  ) as { nodeFlags: string[]; env: Record<string, string> };
  const child = spawn(
    process.execPath,
    [...runtime.nodeFlags, path.join(options.root, "apps/server/dist/main.mjs")],
    {
      cwd: options.root,
      env: {
        ...process.env,
        ...runtime.env,
        NODE_ENV: "production",
        PORT: String(options.port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${options.port}`,
        ...options.env,
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  options.children.add(child);
  options.onSpawn?.(child);
  // A first start on a fresh folder migrates and seeds the demo content first.
  await waitFor(`http://127.0.0.1:${options.port}/api/health`, 300_000);
  return child;
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
