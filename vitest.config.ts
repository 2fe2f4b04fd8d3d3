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
    // Each file in a fresh process (vitest's default). Sharing a worker's process between files
    // (`isolate: false`) cut eight server files from 501 s to 341 s side by side, but module state
    // in test helpers then leaks from file to file: decision 178 lists what must change first.
    isolate: true,
    // The AWS SDK's notice that its 2027 releases need Node 22 (decision 140), once per worker.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
  },
});
