import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { serverRoot } from "../../src/paths";

export const builtServer = path.join(serverRoot, "dist", "main.mjs");

/**
 * One production server (`dist/main.mjs`, as `npm start` runs it) in a process of its own, on a
 * port the system picks; its port is read from its "Server listening" log line.
 */
export async function startServerProcess(name: string, env: Record<string, string>) {
  if (!existsSync(builtServer)) {
    throw new Error(
      `${builtServer} is missing: run npm run build first (npm run test:cluster does)`,
    );
  }
  const child: ChildProcess = spawn(process.execPath, [builtServer], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let pending = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      pending += chunk.toString("utf8");
      const parts = pending.split("\n");
      pending = parts.pop() ?? "";
      for (const line of parts) {
        lines.push(line);
        if (lines.length > 400) lines.shift();
        const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(line);
        if (match) resolve(Number(match[1]));
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    exited.then((code) =>
      reject(new Error(`${name} exited (${code}) before listening:\n${lines.join("\n")}`)),
    );
  });
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    /** The last log lines, for a failure message. */
    log: () => lines.join("\n"),
    exited,
    /** Gone at once, as by a crash or an OOM kill: nothing is closed cleanly. */
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
    /** A clean stop (SIGTERM); SIGKILL if it has not stopped after a minute. */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>;
