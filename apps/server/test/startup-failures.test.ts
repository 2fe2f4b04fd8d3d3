import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client";

/** A "PostgreSQL server" that accepts connections and never says a word. */
let silent: Server;
let port: number;
const sockets: Socket[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), "aurumwire-startup-"));

beforeAll(async () => {
  silent = createServer((socket) => {
    sockets.push(socket);
  });
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const address = silent.address();
  port = typeof address === "object" && address ? address.port : 0;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

describe("start-up against a PostgreSQL that never answers", () => {
  it("gives up within the connect time-out with a readable reason, and no password", async () => {
    const opening = openDatabase({
      databaseUrl: `postgres://aurum:very-secret-pw@127.0.0.1:${port}/news`,
      dataDir,
      connectTimeoutMs: 10_000,
    });
    await expect(opening).rejects.toThrow(
      `Cannot start: the PostgreSQL server at 127.0.0.1:${port}/news did not answer within 10 s. Check that it is running and answering, and DATABASE_URL.`,
    );
    await expect(opening).rejects.not.toThrow(/very-secret-pw/);
  });
});

describe("start-up on a damaged embedded database", () => {
  it("fails, saying where the database is and what to do", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "aurumwire-damaged-"));
    try {
      await (await openDatabase({ dataDir: folder })).close();
      // The control file says where everything is; garbage there is a damaged database.
      writeFileSync(path.join(folder, "pglite", "global", "pg_control"), Buffer.alloc(8192, 7));
      await expect(openDatabase({ dataDir: folder })).rejects.toThrow(
        `Cannot start: the embedded database in ${path.join(folder, "pglite")} could not be opened`,
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
