import { connect } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "./helpers";

/** Time-outs a slow client cannot defeat (issue 17, decision 079), on a real socket. */
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = await buildTestApp({ requestTimeoutMs: 10_000 });
  app.get("/api/test-only/slow-answer", async () => {
    // Longer than the request time-out: answers are not limited by it (AI streams).
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    return { done: true };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  port = typeof address === "object" && address ? address.port : 0;
});
afterAll(async () => {
  await app.close();
});

/**
 * Sends `head`, then drips `drip` every 200 ms, and resolves with what the server answered and
 * after how long it closed the connection (or null after 60 s: the server is still waiting). The
 * 60 s only bounds a hang; how soon the server closes is not asserted (a busy machine is slow).
 */
function slowClient(head: string, drip: string) {
  return new Promise<{ answer: string; closedAfterMs: number | null }>((resolve) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
    });
    socket.on("error", () => {});
    socket.write(head);
    const dripping = setInterval(() => socket.writable && socket.write(drip), 200);
    const giveUp = setTimeout(() => {
      clearInterval(dripping);
      socket.destroy();
      resolve({ answer, closedAfterMs: null });
    }, 60_000);
    socket.on("close", () => {
      clearInterval(dripping);
      clearTimeout(giveUp);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
  });
}

describe("slow clients", () => {
  it("closes a request whose body trickles in past the request time-out, with 408", async () => {
    const result = await slowClient(
      `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{"email":"`,
      "a",
    );
    expect(result.closedAfterMs).not.toBeNull();
    expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it("closes a request whose headers trickle in, with 408", async () => {
    const result = await slowClient(
      "GET /api/health HTTP/1.1\r\nHost: localhost\r\n",
      "X-Slow: 1\r\n",
    );
    expect(result.closedAfterMs).not.toBeNull();
    expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it("does not cut an answer that takes longer than the request time-out", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/test-only/slow-answer`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
  });
});
