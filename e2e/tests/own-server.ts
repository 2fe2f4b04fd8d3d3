import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
// The server tests' stand-ins for the exchange (the Coinbase feed protocol) and the price API.
import { startFakeCoinbaseFeed } from "../../apps/server/test/fake-coinbase-feed";
import { healthyProvider } from "../../apps/server/test/fake-coingecko";
import { startFakeServer } from "../../apps/server/test/fake-http-server";
import { fillFromSeededTemplate } from "../seeded-data.mjs";

/**
 * A built server of a spec's own (its own data folder and port), for specs whose settings (an
 * exchange stream, VAPID keys) or whose events would change the shared e2e server's pages.
 * `restart` stops it and starts it again on the same folder: what was stored stays.
 *
 * Ports, from E2E_PORT (playwright.config.ts uses +0 to +5, +20 and +40 for its own servers): +7
 * live-coverage, +8 breaking-alerts, +9 syndication-screens (+29, +49 for the second and third
 * workers), +10 live-prices, +11 sentiment-ticker.
 */
export async function startOwnServer(options: { port: number; env: Record<string, string> }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "aurumwire-own-e2e-"));
  // The run's seeded demo content, as the shared servers start from (seeded-data.mjs).
  await fillFromSeededTemplate(dataDir);
  const baseURL = `http://127.0.0.1:${options.port}`;
  let output = "";
  let server: ChildProcess | null = null;

  async function start() {
    output = "";
    const child = spawn(
      process.execPath,
      [path.join(import.meta.dirname, "../../apps/server/dist/main.mjs")],
      {
        env: {
          ...process.env,
          PORT: String(options.port),
          HOST: "127.0.0.1",
          NODE_ENV: "production",
          LOG_LEVEL: "warn",
          DATA_DIR: dataDir,
          ...options.env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    server = child;
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    await expect
      .poll(async () => (await fetch(`${baseURL}/api/health`).catch(() => null))?.status ?? 0, {
        // A first start migrates and seeds the demo content: minutes on a loaded 2-core machine.
        timeout: 300_000,
        message: `the server did not start: ${output}`,
      })
      .toBe(200);
  }

  async function stop() {
    const child = server;
    server = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }

  try {
    await start();
  } catch (error) {
    // A server that did not come up is not left running.
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseURL,
    output: () => output,
    async restart() {
      await stop();
      await start();
    },
    async close() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type OwnServer = Awaited<ReturnType<typeof startOwnServer>>;

/**
 * An own server with an exchange stream (issue 34): the server tests' stand-ins for the exchange
 * (the Coinbase feed protocol, a heartbeat every 500 ms) and for the price API, and the server
 * holding its one exchange connection before this returns.
 */
export async function startStreamingServer(options: {
  port: number;
  env?: Record<string, string>;
}) {
  const exchange = await startFakeCoinbaseFeed({ heartbeatMs: 500 });
  const priceApi = await startFakeServer(healthyProvider());
  const close = async () => {
    await exchange.close();
    await priceApi.close();
  };
  try {
    const server = await startOwnServer({
      port: options.port,
      env: {
        MARKET_DATA_URL: `${priceApi.url}/api/v3`,
        MARKET_STREAM_URL: exchange.url,
        MARKET_STREAM_KIND: "coinbase",
        ...options.env,
      },
    });
    await expect.poll(() => exchange.openCount(), { timeout: 30_000 }).toBe(1);
    return {
      exchange,
      priceApi,
      server,
      async close() {
        await server.close();
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}

export type StreamingServer = Awaited<ReturnType<typeof startStreamingServer>>;
