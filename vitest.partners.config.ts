import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config";

/**
 * `npm run test:partners` (decision 174): the partner contract suites against a real WordPress
 * and a real Ghost 5 (installed first by scripts/partners/test-partners.sh).
 */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: [
        "apps/server/test/real-partners/wordpress.test.ts",
        "apps/server/test/real-partners/ghost.contract.ts",
      ],
      env: { CI: "true" },
    },
  }),
);
