import { mkdirSync, readFileSync, statSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

/**
 * One server per data folder (decision 078): two servers on one embedded database each keep their
 * own copy of it in memory and silently lose each other's writes. The lock is a file created
 * exclusively (`wx`) that names its holder; a holder that died (kill -9, power loss) is recognised
 * and replaced: on this host by its process id, from another host (a shared volume) by a heartbeat
 * that stops.
 */
export const lockFileName = "server.lock";
const heartbeatMs = 10_000;
const staleAfterMs = 3 * heartbeatMs;

interface LockHolder {
  pid: number;
  hostname: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly holder: LockHolder | null,
  ) {
    const who = holder
      ? `process ${holder.pid} on ${holder.hostname}, running since ${holder.startedAt}`
      : "a process that is starting right now";
    super(
      `Cannot start: the data folder ${dataDir} is in use by another AurumWire server (${who}). ` +
        "Stop that server first, or give this one a DATA_DIR of its own.",
    );
    this.name = "DataDirLockedError";
  }
}

/** Data folders locked by this process: a second app in the same process is refused too. */
const heldHere = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const holder = JSON.parse(readFileSync(file, "utf8")) as Partial<LockHolder>;
    if (typeof holder.pid === "number" && typeof holder.hostname === "string") {
      return { pid: holder.pid, hostname: holder.hostname, startedAt: String(holder.startedAt) };
    }
  } catch {
    // unreadable or half-written: judged by its age below
  }
  return null;
}

function holderIsAlive(file: string, holder: LockHolder | null): boolean {
  let modifiedMs: number;
  try {
    modifiedMs = statSync(file).mtimeMs;
  } catch {
    return false; // gone meanwhile
  }
  const heartbeatFresh = Date.now() - modifiedMs < staleAfterMs;
  if (!holder || holder.hostname !== hostname()) return heartbeatFresh;
  // Our own process id in the file is a previous life of this process (a restarted container).
  if (holder.pid === process.pid) return false;
  return isRunning(holder.pid);
}

/** Takes the data folder's lock or throws DataDirLockedError naming who holds it. */
export function lockDataDir(dataDir: string): { release(): void } {
  const folder = path.resolve(dataDir);
  const file = path.join(folder, lockFileName);
  if (heldHere.has(folder)) {
    throw new DataDirLockedError(folder, {
      pid: process.pid,
      hostname: hostname(),
      startedAt: "earlier in this process",
    });
  }
  mkdirSync(folder, { recursive: true });
  const me: LockHolder = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
  };
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, `${JSON.stringify(me)}\n`, { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(file);
      // A second try that meets a file again lost a race with another starting server.
      if (attempt > 0 || holderIsAlive(file, holder)) throw new DataDirLockedError(folder, holder);
      unlinkSync(file);
    }
  }
  heldHere.add(folder);
  const heartbeat = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(file, now, now);
    } catch {
      // the folder went away; nothing to keep fresh
    }
  }, heartbeatMs);
  heartbeat.unref();
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      heldHere.delete(folder);
      const holder = readHolder(file);
      if (holder?.pid === me.pid && holder.startedAt === me.startedAt) {
        try {
          unlinkSync(file);
        } catch {
          // already gone
        }
      }
    },
  };
}
