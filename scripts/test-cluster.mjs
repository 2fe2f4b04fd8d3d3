// `npm run test:cluster`: two production servers (apps/server/dist/main.mjs) with one PostgreSQL
// database, one Redis prefix and one S3 bucket (a local S3-compatible server) behind a round-robin
// proxy (apps/server/test/cluster/). Builds first when there is no build; `npm test` runs it after
// test:e2e, which has just built.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const built =
  existsSync("apps/server/dist/main.mjs") && existsSync("apps/web/build/server/index.js");
if (!built || process.argv.includes("--build")) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const url = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
console.log(`Cluster test against PostgreSQL at ${url.replace(/:[^:@/]*@/, ":***@")}`);
const run = spawnSync("npx", ["vitest", "run", "--config", "vitest.cluster.config.ts"], {
  stdio: "inherit",
  env: { ...process.env, TEST_PG_URL: url },
});
process.exit(run.status ?? 1);
