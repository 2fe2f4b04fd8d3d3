import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildTestApp, demo } from "./helpers";
import { redisReachable, redisUrl } from "./redis";

/** A Redis that fails in each way an operator meets (issue 33, decision 221). */

async function listen(server: Server, port = 0): Promise<number> {
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  return typeof address === "object" && address ? address.port : 0;
}

describe("starting against a Redis that fails", () => {
  const sockets: Socket[] = [];
  // Accepts connections and never says a word.
  const silent = createServer((socket) => sockets.push(socket));
  let silentPort = 0;
  let closedPort = 0;
  let errors: ReturnType<typeof vi.spyOn>;

  beforeAll(async () => {
    silentPort = await listen(silent);
    // A port nothing listens on: taken, then given back.
    const probe = createServer();
    closedPort = await listen(probe);
    await new Promise((resolve) => probe.close(resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
  afterEach(() => {
    errors?.mockRestore();
  });

  it("gives up on a Redis that never answers, with one sentence and the remedy", async () => {
    errors = vi.spyOn(console, "error");
    // The stand-in never answers: only a hang reaches this limit.
    const start = buildTestApp(
      { redisTimeoutMs: 10_000 },
      { REDIS_URL: `redis://:secret-pw@127.0.0.1:${silentPort}` },
    );
    await expect(start).rejects.toThrow(
      `Cannot start: the Redis server at 127.0.0.1:${silentPort} did not answer within 10 s. Check that it is running and answering, and REDIS_URL (or unset REDIS_URL to run a single instance without Redis).`,
    );
    await expect(start).rejects.not.toThrow(/secret-pw/);
    expect(sockets.length).toBeGreaterThan(0);
    expect(errors).not.toHaveBeenCalled();
  });

  it("says a Redis refused the connection, without ioredis's stack traces", async () => {
    errors = vi.spyOn(console, "error");
    await expect(
      buildTestApp({}, { REDIS_URL: `redis://127.0.0.1:${closedPort}` }),
    ).rejects.toThrow(
      `Cannot start: the Redis server at 127.0.0.1:${closedPort} refused the connection. Check that it is running`,
    );
    // Give ioredis's own error events a moment to be printed, if anything still prints them.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(errors).not.toHaveBeenCalled();
  });
});

/**
 * A TCP relay to the test Redis that the test can cut and mend: the app's Redis goes away and
 * comes back on the same address.
 */
function cuttableRelay(target: URL) {
  const open = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const start = async () => {
    server = createServer((client) => {
      const upstream = tcpConnect(Number(target.port || 6379), target.hostname);
      open.add(client);
      open.add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        open.delete(client);
        open.delete(upstream);
      };
      client.on("error", drop).on("close", drop);
      upstream.on("error", drop).on("close", drop);
      client.pipe(upstream).pipe(client);
    });
    port = await listen(server, port);
  };
  return {
    start,
    url: () => `redis://127.0.0.1:${port}`,
    async cut() {
      const closing = server;
      server = null;
      const closed = new Promise((resolve) => (closing ? closing.close(resolve) : resolve(null)));
      for (const socket of open) socket.destroy();
      open.clear();
      await closed;
    },
    async close() {
      await this.cut();
    },
  };
}

describe.skipIf(!(await redisReachable()))("losing Redis while running", () => {
  const relay = cuttableRelay(new URL(redisUrl));
  let app: FastifyInstance;

  beforeAll(async () => {
    await relay.start();
    app = await buildTestApp(
      {},
      { REDIS_URL: relay.url(), REDIS_KEY_PREFIX: `aw-test-lost-${process.pid}:` },
    );
  });
  afterAll(async () => {
    await app?.close();
    await relay.close();
  });

  const health = async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    return { code: response.statusCode, body: response.json() };
  };
  const waitFor = async (what: () => Promise<boolean>) => {
    // Bounded by the test's own limit: a Redis that never comes back is a hang, not slowness.
    while (!(await what())) await new Promise((resolve) => setTimeout(resolve, 100));
  };
  const wrongLogin = () =>
    app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: demo.reader.email, password: "not the password" },
      remoteAddress: "10.77.0.1",
    });

  it("says so in /api/health, keeps answering on local counters, and recovers", async () => {
    expect((await health()).body.redis).toEqual({ status: "up" });
    await relay.cut();
    await waitFor(async () => (await health()).body.redis?.status === "down");
    const down = await health();
    expect(down.code).toBe(200);
    expect(down.body.redis.message).toContain("Redis is unreachable");
    expect(down.body.redis.since).toEqual(expect.any(String));
    // Requests that count (login throttling) answer at once on this instance's counters.
    expect((await wrongLogin()).statusCode).toBe(401);
    await relay.start();
    await waitFor(async () => (await health()).body.redis?.status === "up");
    expect((await wrongLogin()).statusCode).toBe(401);
  });
});
