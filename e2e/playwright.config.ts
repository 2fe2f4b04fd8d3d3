import { defineConfig, type PlaywrightTestConfig } from "@playwright/test";

type WebServer = Extract<PlaywrightTestConfig["webServer"], unknown[]>[number];

// Each run gets a port and data folder of its own (serve.mjs), so parallel runs do not meet. The
// config is evaluated again in every worker: the port travels to them through the environment.
// Drawn from 10,000-29,999 (below Linux's ephemeral ports): each run takes about 70 ports (the
// servers and stand-ins below), so two runs at once on one machine rarely meet.
process.env.E2E_PORT ??= String(10_000 + Math.floor(Math.random() * 20_000));
const port = Number(process.env.E2E_PORT);
// The AI writer talks to a local stand-in for Ollama (fake-ollama.ts, the server tests' own) on
// the next port.
const fakeOllamaPort = port + 1;
// The image services (AUTOMATIC1111 and OpenAI Images) are fake-images.mjs on port + 2.
const fakeImagesPort = port + 2;
// The partner platforms (WordPress, Ghost, a webhook) are fake-partner.mjs on port + 3.
const fakePartnerPort = port + 3;
// Mail goes to a local SMTP capture server (fake-smtp.mjs); specs read what it took over HTTP.
const fakeSmtpPort = port + 4;
const fakeSmtpHttpPort = port + 5;

/**
 * The app servers under test: one per worker, each with its own port, data folder and seeded
 * database, so two workers never share a database (a test that features, publishes or changes a
 * setting only sees its own worker's server). The stand-ins above are shared; what the specs
 * read back from them is keyed by unique addresses. `tests/fixtures.ts` points each worker's
 * baseURL at its server by its parallelIndex. E2E_WORKERS=1 runs one worker and one server.
 * Two by default (decision 229): four were tried and failed at a load of 27 (two runs at once).
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const appServerPorts = Array.from({ length: workers }, (_, index) => port + index * 20);

function appServer(serverPort: number): WebServer {
  return {
    command: "node serve.mjs",
    url: `http://127.0.0.1:${serverPort}/api/health`,
    // A hang bound, not a speed limit: a first start migrates and seeds the demo content, which
    // took over 120 s on a 2-core machine at a load of 30 (as own-server.ts allows).
    timeout: 300_000,
    reuseExistingServer: false,
    // The server closes its database and serve.mjs removes the data folder before it exits.
    gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
    env: {
      PORT: String(serverPort),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      OLLAMA_URL: `http://127.0.0.1:${fakeOllamaPort}`,
      // The default partner connection: the WordPress side of fake-partner.mjs.
      PARTNER_API_URL: `http://127.0.0.1:${fakePartnerPort}`,
      PARTNER_API_KEY: "syndication:e2e1 pass word 2024",
      SD_URL: `http://127.0.0.1:${fakeImagesPort}`,
      OPENAI_BASE_URL: `http://127.0.0.1:${fakeImagesPort}/v1`,
      OPENAI_API_KEY: "e2e-fake-key",
      SMTP_URL: `smtp://127.0.0.1:${fakeSmtpPort}`,
      MAIL_FROM: "AurumWire <news@aurumwire.test>",
      CONTACT_EMAIL: "desk@aurumwire.test",
      // Partner connections made in the dashboard may reach the local stand-ins (decision 220).
      OUTBOUND_ALLOW_PRIVATE: "127.0.0.1/32",
    },
  };
}

export default defineConfig({
  testDir: "./tests",
  // The seeded data folder the app servers were copied from (seeded-data.mjs) is removed.
  globalTeardown: "./global-teardown.ts",
  // Hang bounds, not speed limits: at a load of 40 a dashboard test took most of a minute, and at
  // a load of 20 (a fresh-clone run beside other work) editing and generator tests took 70-90 s.
  timeout: 300_000,
  // A hang bound too: at a load of 15 a draft save took longer than 10 s (ai-generator.spec.ts:47
  // failed once so in a quiet fresh-clone run on a slow machine); a passing check returns at once.
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-quic",
        "--disable-sync",
      ],
    },
    trace: "off",
    screenshot: "only-on-failure",
    // The ticker scrolls for ever on every public page unless the reader asks for less motion:
    // three browsers painting it at 60 frames a second took about a tenth of a core each, on a
    // machine the suite keeps busy (decision 229). The tests of motion itself (the live prices'
    // flash) set "no-preference" on their own context.
    reducedMotion: "reduce",
  },
  webServer: [
    {
      command: "npx tsx fake-ollama.ts",
      url: `http://127.0.0.1:${fakeOllamaPort}/api/tags`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: { FAKE_OLLAMA_PORT: String(fakeOllamaPort) },
    },
    {
      command: "node fake-partner.mjs",
      url: `http://127.0.0.1:${fakePartnerPort}/posts`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: { FAKE_PARTNER_PORT: String(fakePartnerPort) },
    },
    {
      command: "node fake-images.mjs",
      url: `http://127.0.0.1:${fakeImagesPort}/`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: { FAKE_IMAGES_PORT: String(fakeImagesPort) },
    },
    {
      command: "node fake-smtp.mjs",
      url: `http://127.0.0.1:${fakeSmtpHttpPort}/mails`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: { FAKE_SMTP_PORT: String(fakeSmtpPort), FAKE_SMTP_HTTP_PORT: String(fakeSmtpHttpPort) },
    },
    ...appServerPorts.map(appServer),
  ],
});
