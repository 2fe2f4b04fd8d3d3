import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { DataDirLockedError, lockDataDir, lockFileName } from "../src/lib/data-dir-lock";

describe("the embedded database on disk", () => {
  it("keeps all data across a restart on the same DATA_DIR and does not seed twice", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "aurumwire-persist-"));
    const config = loadConfig({ LOG_LEVEL: "info" }, { dataDir });
    // What the server says while it starts: a new database says that it is being filled, once.
    const seedingLine = "Filling the new database with demo content";
    let log = "";
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        log += String(chunk);
        done();
      },
    });
    try {
      const first = await buildApp(config, { web: "none", logStream });
      expect(log.split(seedingLine)).toHaveLength(2);
      const registered = await first.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: {
          email: "keep@example.com",
          password: "keep-me-1",
          firstName: "K",
          lastName: "P",
        },
      });
      expect(registered.statusCode).toBe(202);
      const signedIn = await first.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "keep@example.com", password: "keep-me-1" },
      });
      expect(signedIn.statusCode).toBe(200);
      // A second server on the same folder is refused while the first runs.
      await expect(buildApp(config, { web: "none", logger: false })).rejects.toThrow(
        /^Cannot start: the data folder .* is in use by another AurumWire server/,
      );
      const usersBefore = await first.services.usersRepository.count();
      await first.close();

      // A fresh config read, as a real restart does.
      const restarted = loadConfig({ LOG_LEVEL: "info" }, { dataDir });
      log = "";
      const second = await buildApp(restarted, { web: "none", logStream });
      expect(log).not.toContain(seedingLine);
      const login = await second.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "keep@example.com", password: "keep-me-1" },
      });
      expect(login.statusCode).toBe(200);
      // The JWT secret generated on the first start is reused: the old token still works.
      const profile = await second.inject({
        method: "GET",
        url: "/api/auth/profile",
        headers: { authorization: `Bearer ${signedIn.json().token}` },
      });
      expect(profile.statusCode).toBe(200);
      expect(await second.services.usersRepository.count()).toBe(usersBefore);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // A hang bound, not a duration: this is the one test that must start a data folder on disk
    // twice (initdb, migrations, seeding with covers), which took over 120 s at a load of 40.
  }, 600_000);
});

describe("the data folder lock", () => {
  const folders: string[] = [];
  const folder = () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "aurumwire-lock-"));
    folders.push(dataDir);
    return dataDir;
  };
  const writeHolder = (dataDir: string, holder: object) =>
    writeFileSync(path.join(dataDir, lockFileName), JSON.stringify(holder));
  afterAll(() => {
    for (const dataDir of folders) rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses to start while another process holds the folder, naming that process", async () => {
    const dataDir = folder();
    const other = spawn("sleep", ["30"]);
    try {
      writeHolder(dataDir, {
        pid: other.pid,
        hostname: hostname(),
        startedAt: "2026-01-01T00:00:00Z",
      });
      const config = loadConfig({ LOG_LEVEL: "silent" }, { dataDir });
      const started = buildApp(config, { web: "none", logger: false });
      await expect(started).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(started).rejects.toThrow(
        `is in use by another AurumWire server (process ${other.pid} on ${hostname()}, running since 2026-01-01T00:00:00Z). Stop that server first, or give this one a DATA_DIR of its own.`,
      );
    } finally {
      other.kill();
    }
  });

  it("takes over the lock of a server that died, and gives it back on release", async () => {
    const dataDir = folder();
    const gone = spawn("true");
    await new Promise((resolve) => gone.once("exit", resolve));
    writeHolder(dataDir, { pid: gone.pid, hostname: hostname(), startedAt: "earlier" });
    const lock = lockDataDir(dataDir);
    const file = path.join(dataDir, lockFileName);
    expect(JSON.parse(readFileSync(file, "utf8")).pid).toBe(process.pid);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(file)).toBe(false);
  });

  it("judges a holder on another host by its heartbeat", () => {
    const dataDir = folder();
    writeHolder(dataDir, { pid: 1, hostname: "another-host", startedAt: "earlier" });
    expect(() => lockDataDir(dataDir)).toThrow(/process 1 on another-host/);
    const longAgo = new Date(Date.now() - 5 * 60_000);
    utimesSync(path.join(dataDir, lockFileName), longAgo, longAgo);
    lockDataDir(dataDir).release();
  });
});
