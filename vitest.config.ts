import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "packages/shared/src/**/*.test.ts",
      "apps/server/test/**/*.test.ts",
      "apps/web/app/**/*.test.{ts,tsx}",
    ],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: PGlite per file is CPU-bound, more workers only queue.
    maxWorkers: 2,
  },
});
