import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../src/db/client";
import { categories, siteSettings } from "../src/db/schema";

const rowsOf = (result: unknown) => (result as { rows: Array<{ value: number }> }).rows;

// The embedded database on disk runs in a worker thread (decision 004): the same answers as
// in-process PGlite, transactions kept whole, PostgreSQL's errors with their codes.
describe("the embedded database's own thread", () => {
  let dataDir: string;
  let database: DatabaseHandle;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "aurumwire-thread-"));
    database = await openDatabase({ dataDir });
  });

  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("migrates and answers typed rows: numbers, booleans, dates, JSON", async () => {
    const { db } = database;
    expect(database.kind).toBe("pglite");
    const [created] = await db
      .insert(categories)
      .values({ name: "Thread Test", slug: "thread-test" })
      .returning();
    expect(created).toMatchObject({ name: "Thread Test", color: "#FFD700", isActive: true });
    expect(typeof created.id).toBe("number");
    expect(created.createdAt).toBeInstanceOf(Date);
    await db.insert(siteSettings).values({ key: "thread", value: { nested: [1, "two"] } });
    const [setting] = await db.select().from(siteSettings).where(eq(siteSettings.key, "thread"));
    expect(setting.value).toEqual({ nested: [1, "two"] });
    expect(setting.updatedAt).toBeInstanceOf(Date);
  });

  it("keeps a transaction whole: statements sent meanwhile wait, a rollback leaves nothing", async () => {
    const { db } = database;
    const countRows = async () =>
      (await db.select({ value: count() }).from(categories).where(eq(categories.slug, "rolled")))[0]
        .value;
    let outside: Promise<number> | undefined;
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(categories).values({ name: "Rolled", slug: "rolled" });
        // Sent while the transaction is open: it must not run inside it (it would see the row).
        outside = countRows();
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await outside).toBe(0);
    expect(await countRows()).toBe(0);

    await db.transaction(async (tx) => {
      await tx.insert(categories).values({ name: "Kept", slug: "kept" });
    });
    const kept = await db.select().from(categories).where(eq(categories.slug, "kept"));
    expect(kept).toHaveLength(1);
  });

  it("passes PostgreSQL's errors on with their code and constraint", async () => {
    const { db } = database;
    const error = await db
      .insert(categories)
      .values({ name: "Kept again", slug: "kept" })
      .then(
        () => null,
        (caught: unknown) => caught as { cause?: { code?: string; constraint?: string } },
      );
    const cause = (error?.cause ?? error) as { code?: string; constraint?: string };
    expect(cause.code).toBe("23505");
    expect(cause.constraint).toBeTruthy();
    // The thread goes on working after an error.
    expect(rowsOf(await db.execute(sql`select 41 + 1 as value`))).toEqual([{ value: 42 }]);
  });

  it("runs VACUUM ANALYZE, then opens the database again; statements sent meanwhile are answered", async () => {
    const { db } = database;
    const settingOf = async () =>
      (
        (await db.execute(sql`select current_setting('application_name') as value`)) as unknown as {
          rows: Array<{ value: string }>;
        }
      ).rows[0].value;
    // Session state lives as long as the database is open: a new session has none of it.
    await db.execute(sql`set application_name = 'before maintenance'`);
    expect(await settingOf()).toBe("before maintenance");
    await db.insert(categories).values({ name: "Before Vacuum", slug: "before-vacuum" });

    const maintenance = database.vacuumAnalyze();
    // Sent while it runs: they wait for it and are answered by the database opened again.
    const answers = Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        db.execute(sql`select ${index}::int as value`).then((result) => rowsOf(result)[0]),
      ),
    );
    const inserted = db.insert(categories).values({ name: "During Vacuum", slug: "during-vacuum" });
    await maintenance;
    expect(await answers).toEqual(Array.from({ length: 20 }, (_, index) => ({ value: index })));
    await inserted;

    expect(await settingOf()).not.toBe("before maintenance");
    const kept = await db
      .select({ slug: categories.slug })
      .from(categories)
      .where(sql`${categories.slug} in ('before-vacuum', 'during-vacuum')`);
    expect(kept.map((row) => row.slug).sort()).toEqual(["before-vacuum", "during-vacuum"]);
    // ANALYZE's statistics were written and survive the new session.
    const statistics = rowsOf(
      await db.execute(
        sql`select count(*)::int as value from pg_stats where tablename = 'categories'`,
      ),
    );
    expect(statistics[0].value).toBeGreaterThan(0);
    await db.transaction(async (tx) => {
      await tx.insert(categories).values({ name: "After Vacuum", slug: "after-vacuum" });
    });
    expect(
      await db.select().from(categories).where(eq(categories.slug, "after-vacuum")),
    ).toHaveLength(1);
  });

  it("runs many statements at once in order, and refuses work once closed", async () => {
    const { db } = database;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        db.execute(sql`select ${index}::int as value`).then((result) => rowsOf(result)[0]),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 50 }, (_, index) => ({ value: index })));

    const otherDir = mkdtempSync(path.join(tmpdir(), "aurumwire-thread-"));
    try {
      const closed = await openDatabase({ dataDir: otherDir });
      await closed.close();
      const error = (await closed.db.execute(sql`select 1`).catch((caught) => caught)) as Error & {
        cause?: Error;
      };
      expect((error.cause ?? error).message).toMatch(/database thread stopped/);
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
