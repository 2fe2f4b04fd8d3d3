import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "packages/shared/src/**/*.test.ts",
      "apps/server/test/**/*.test.ts",
      "apps/web/app/**/*.test.{ts,tsx}",
    ],
    // Two production servers on PostgreSQL, Redis and S3: `npm run test:cluster` (needs a build).
    exclude: ["**/node_modules/**", "apps/server/test/cluster/**"],
    environment: "node",
    // Migrates and seeds once per run; each server test file starts from a copy (issue 12).
    globalSetup: ["apps/server/test/global-setup.ts"],
    // Limits that catch a hang, not a slow machine: at a load of 16 a test may take 10x longer.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two cores: PGlite per file is CPU-bound, more workers only queue.
    maxWorkers: 2,
    // A worker runs file after file in one process instead of a fresh process per file (issue
    // 33, decision 178): each server test file imported the whole app and its libraries anew,
    // 60% of the time of eight such files at a load of 25-37 (501 s isolated, 341 s not, run
    // next to each other). The files leave nothing behind that the next one reads: each boots its
    // own app on its own database copy and closes it, and the web tests restore what they patch.
    isolate: false,
    // The AWS SDK's notice that its 2027 releases need Node 22 (decision 140), once per worker.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
  },
});
