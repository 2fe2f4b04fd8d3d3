import { describe, expect, it, vi } from "vitest";
import { articles } from "../src/db/schema";
import { buildTestApp } from "./helpers";

/**
 * Issue 33: the PostgreSQL variant of the suite printed "PostgreSQL pool error: terminating
 * connection due to administrator command" 8-13 times a run. Each test file drops its own
 * database right after its app closed, and the pool's end had only asked its connections to
 * close. Closing the app now waits until they have, so the drop finds none to terminate.
 * (PostgreSQL only: `npm run test:pg` runs it; the embedded database has no pool.)
 */
describe.skipIf(!process.env.TEST_PG_URL)("closing an app on PostgreSQL", () => {
  it("leaves no connection for the drop of its database to terminate", async () => {
    const errors = vi.spyOn(console, "error");
    try {
      for (let round = 0; round < 3; round += 1) {
        const app = await buildTestApp();
        // Several connections at once, all idle in the pool when the app closes.
        await Promise.all(
          Array.from({ length: 8 }, () =>
            app.database.db.transaction(async (tx) => {
              await tx.select({ id: articles.id }).from(articles).limit(1);
            }),
          ),
        );
        // Closes the app, then drops its database with (force) at once (helpers.ts).
        await app.close();
      }
      // A terminated connection reports itself on the next turns of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const poolErrors = errors.mock.calls.filter((call) =>
        String(call[0]).includes("PostgreSQL pool error"),
      );
      expect(poolErrors).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });
});
