// The server test suite against a real PostgreSQL server: each test file creates a database of its
// own there and drops it afterwards (apps/server/test/helpers.ts).
import { spawnSync } from "node:child_process";

const url = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
console.log(`Server tests against PostgreSQL at ${url.replace(/:[^:@/]*@/, ":***@")}`);
const run = spawnSync("npx", ["vitest", "run", "apps/server"], {
  stdio: "inherit",
  env: { ...process.env, TEST_PG_URL: url },
});
process.exit(run.status ?? 1);
