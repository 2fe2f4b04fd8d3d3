import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * The one durable work queue (lib/work-queue.ts, decision 180/183): each row is one piece of
 * background work of a `kind` ("mail:outbox", ...), claimed with a lease by one worker at a time,
 * retried with doubling waits and given up after `maxAttempts`.
 */
export const workQueue = pgTable(
  "work_queue",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<unknown>().notNull(),
    status: text("status", { enum: ["pending", "done", "failed"] })
      .notNull()
      .default("pending"),
    /** Claims so far; also the claim's fence: only the worker of the latest claim may settle it. */
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull(),
    /** When it may be claimed next: now when new, later after a failure or while leased. */
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    /** Work of one kind enqueued twice with the same key is stored once. */
    dedupeKey: text("dedupe_key"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    index("work_queue_due_idx").on(table.kind, table.status, table.runAt),
    uniqueIndex("work_queue_dedupe_idx").on(table.kind, table.dedupeKey),
  ],
);

export type WorkQueueRow = typeof workQueue.$inferSelect;
