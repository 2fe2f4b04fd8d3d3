// The server test suite against a real PostgreSQL server: each test file that boots the app
// (through apps/server/test/helpers.ts) gets a database of its own there, copied from a template
// that global-setup.ts migrates and seeds once, and drops it afterwards. Files that never touch
// the database server (pure functions, the embedded database on disk) ran in `test:unit` already.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const url = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
console.log(`Server tests against PostgreSQL at ${url.replace(/:[^:@/]*@/, ":***@")}`);
const testDir = "apps/server/test";
const files = readdirSync(testDir)
  .filter((name) => name.endsWith(".test.ts"))
  // The partner files boot it through partner-harness.ts, and the files split by topic through
  // their shared `*-setup.ts`, both of which import helpers.ts.
  .filter((name) =>
    /from "\.\/(helpers|partner-harness|[\w-]+-setup)"/.test(
      readFileSync(`${testDir}/${name}`, "utf8"),
    ),
  )
  .map((name) => `${testDir}/${name}`);
const run = spawnSync("npx", ["vitest", "run", ...files], {
  stdio: "inherit",
  env: { ...process.env, TEST_PG_URL: url },
});
process.exit(run.status ?? 1);
