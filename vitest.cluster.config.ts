import { defineConfig } from "vitest/config";

/**
 * `npm run test:cluster`: two built servers behind a proxy on this machine's PostgreSQL and Redis
 * with a local S3 server (issue 19). Run by scripts/test-cluster.mjs after a build.
 */
export default defineConfig({
  test: {
    include: ["apps/server/test/cluster/**/*.cluster.test.ts"],
    environment: "node",
    // Limits that catch a hang, not a slow machine.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
  },
});
