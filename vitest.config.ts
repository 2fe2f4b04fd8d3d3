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
    // Runs before every test file: Testing Library's clean-up after each test (decision 178).
    setupFiles: ["apps/web/app/test/setup.ts"],
    // Limits that catch a hang, not a slow machine: at a load of 16 a test may take 10x longer.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two cores: PGlite per file is CPU-bound, more workers only queue.
    maxWorkers: 2,
    // A worker's process runs its files one after another (decision 178): the app and its libraries
    // are imported once per worker, not once per file (unit stage 795 s -> 218 s). Test helpers
    // therefore keep no state at module level that a later file could inherit; hooks that every
    // file needs go in `setupFiles`.
    isolate: false,
    // The AWS SDK's notice that its 2027 releases need Node 22 (decision 140), once per worker.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
  },
});
