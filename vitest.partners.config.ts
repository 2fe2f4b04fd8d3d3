import { defineConfig } from "vitest/config";
import base from "./vitest.config";

/**
 * `npm run test:partners` (decision 174): the partner contract suites against a real WordPress
 * and a real Ghost 5 (installed first by scripts/partners/test-partners.sh). Only these two: the
 * base config's test list is replaced, not merged (mergeConfig would add these to all of it).
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      "apps/server/test/real-partners/wordpress.test.ts",
      "apps/server/test/real-partners/ghost.contract.ts",
    ],
    env: { ...base.test?.env, CI: "true" },
  },
});
