import type { Executor } from "../db/client";
import { createWorkQueueRepository } from "./work-queue-repository";

/**
 * The one durable work queue of the server (decisions 180 and 183): background work is a row of
 * the `work_queue` table, on the embedded database and on PostgreSQL alike.
 *
 * - Claim with a lease: `run` claims due rows in one statement that pushes each `leaseMs` ahead, so
 *   one worker (of any instance) has a row at a time; a worker that dies leaves it to be claimed
 *   again once the lease has passed, which is also how work resumes after a restart.
 * - Retry with back-off: a handler that throws puts the row off (doubling from `firstRetryMs` up
 *   to `longestRetryMs`); after `maxAttempts` claims, or at once for an error `isPermanent` names,
 *   it is given up (`failed`) and `onGivenUp` is told.
 * - Settled once: only the latest claim may complete, put off or give up a row (its attempt
 *   number is the fence), so a worker whose lease ran out cannot undo another's result.
 * - Long work (an image batch, decision 306) `renew`s its lease as it goes, and work stopped by
 *   `signal` (a shutdown) is due again at once rather than after a back-off.
 */

export interface WorkItem<P> {
  id: number;
  kind: string;
  payload: P;
  /** This claim's number, from 1. */
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
}

export interface WorkKindOptions {
  /** Longer than one item's work may take: a live worker keeps its claim. */
  leaseMs: number;
  maxAttempts: number;
  firstRetryMs: number;
  longestRetryMs: number;
  /** Rows claimed per statement. */
  batchSize?: number;
}

export interface RunOptions<P> {
  handle(item: WorkItem<P>): Promise<void>;
  /** An error after which trying again cannot help: the item is given up at once. */
  isPermanent?(error: unknown): boolean;
  /** After the item is recorded done (at `at`), put off, or given up. */
  onDone?(item: WorkItem<P>, at: Date): Promise<void> | void;
  onRetry?(item: WorkItem<P>, reason: string): Promise<void> | void;
  onGivenUp?(item: WorkItem<P>, reason: string): Promise<void> | void;
  signal?: AbortSignal;
  /** The run's clock (tests move it to see back-off and leases pass). */
  now?: Date;
}

export interface RunResult {
  done: number;
  retrying: number;
  failed: number;
}

/** How long ended rows are kept (decision 308): done ones a week, given-up ones a month, to look into. */
export const doneKeptMs = 7 * 24 * 60 * 60_000;
export const failedKeptMs = 30 * 24 * 60 * 60_000;

/** The wait after failed attempt number `attempts`: doubling from `firstMs`, at most `longestMs`. */
export const backoffMs = (attempts: number, firstMs: number, longestMs: number) =>
  Math.min(longestMs, firstMs * 2 ** Math.max(0, attempts - 1));

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createWorkQueue(db: Executor) {
  const repository = createWorkQueueRepository(db);

  /** One kind of work: where it is enqueued, and the run that works through what is due. */
  function kind<P>(name: string, options: WorkKindOptions) {
    const batchSize = options.batchSize ?? 20;
    const toItem = (row: Awaited<ReturnType<typeof repository.claim>>[number]): WorkItem<P> => ({
      id: row.id,
      kind: row.kind,
      payload: row.payload as P,
      attempts: row.attempts,
      maxAttempts: row.maxAttempts,
      lastError: row.lastError,
    });

    return {
      name,

      /**
       * Stores work to be done from `runAt` (now by default); inside a caller's transaction (`tx`)
       * it exists from the commit on. With a `dedupeKey` already stored for this kind, nothing is
       * added and the answer is null.
       */
      enqueue(
        payload: P,
        options_: { runAt?: Date; dedupeKey?: string; tx?: Executor } = {},
      ): Promise<number | null> {
        return repository.insert(
          {
            kind: name,
            payload,
            maxAttempts: options.maxAttempts,
            // The app's clock, in milliseconds, like the `now` that `claim` and `runOne` compare
            // with: the database's own now() has microseconds, so an item stored in the same
            // millisecond as a claim began came out a fraction later than it and was skipped (the
            // instance that enqueued it could not start it at once; the PostgreSQL suite caught it).
            runAt: options_.runAt ?? new Date(),
            ...(options_.dedupeKey ? { dedupeKey: options_.dedupeKey } : {}),
          },
          options_.tx,
        );
      },

      /** Claims up to `limit` due items for `leaseMs`; `run` is the usual way in. */
      async claim(now = new Date(), limit = batchSize): Promise<WorkItem<P>[]> {
        const rows = await repository.claim(
          name,
          now,
          new Date(now.getTime() + options.leaseMs),
          limit,
        );
        return rows.map(toItem);
      },

      /**
       * Claims the item `id` alone (when it is due and not held) and works it as `run` does: how
       * the instance that enqueued work starts it at once. Null when it was not there to claim.
       */
      async runOne(id: number, run: RunOptions<P>): Promise<keyof RunResult | null> {
        const now = run.now ?? new Date();
        const lease = new Date(now.getTime() + options.leaseMs);
        const [row] = await repository.claim(name, now, lease, 1, id);
        return row ? settle(toItem(row), run, now) : null;
      },

      /** Keeps a claim for another `leaseMs`; false once the claim is no longer this one's. */
      renew: (item: WorkItem<P>, now = new Date()) =>
        repository.renew(item.id, item.attempts, new Date(now.getTime() + options.leaseMs)),

      /** Works through every due item, batch by batch, until none is left or `signal` aborts. */
      async run(run: RunOptions<P>): Promise<RunResult> {
        const now = run.now ?? new Date();
        const result: RunResult = { done: 0, retrying: 0, failed: 0 };
        while (!run.signal?.aborted) {
          const batch = await this.claim(now);
          if (batch.length === 0) break;
          for (const item of batch) {
            if (run.signal?.aborted) {
              // Not tried: free again at once rather than after the lease.
              await repository.retryAt(
                item.id,
                item.attempts,
                now,
                item.lastError ?? "not tried: the run stopped",
              );
              continue;
            }
            const outcome = await settle(item, run, now);
            result[outcome] += 1;
          }
        }
        return result;
      },

      pendingCount: () => repository.pendingCount(name),
    };

    async function settle(
      item: WorkItem<P>,
      run: RunOptions<P>,
      now: Date,
    ): Promise<keyof RunResult> {
      try {
        await run.handle(item);
      } catch (error) {
        const reason = reasonOf(error);
        if (run.signal?.aborted && !run.isPermanent?.(error)) {
          // Stopped, not failed: due again at once, for the next start or another instance.
          await repository.retryAt(item.id, item.attempts, new Date(), reason);
          return "retrying";
        }
        if (run.isPermanent?.(error) || item.attempts >= item.maxAttempts) {
          if (await repository.fail(item.id, item.attempts, new Date(), reason))
            await run.onGivenUp?.(item, reason);
          return "failed";
        }
        const wait = backoffMs(item.attempts, options.firstRetryMs, options.longestRetryMs);
        await repository.retryAt(item.id, item.attempts, new Date(now.getTime() + wait), reason);
        await run.onRetry?.(item, reason);
        return "retrying";
      }
      const at = new Date();
      if (await repository.complete(item.id, item.attempts, at)) await run.onDone?.(item, at);
      return "done";
    }
  }

  return {
    kind,
    find: repository.find,

    /**
     * The clean-up job's turn (jobs/work-queue-cleanup-job.ts): deletes done rows of every kind
     * that finished over `doneKeptMs` ago and given-up ones over `failedKeptMs` ago. Pending rows
     * (due, leased or waiting to retry) are never touched.
     */
    async removeFinished(now = new Date()): Promise<{ done: number; failed: number }> {
      const before = (keptMs: number) => new Date(now.getTime() - keptMs);
      return {
        done: await repository.deleteFinishedBefore("done", before(doneKeptMs)),
        failed: await repository.deleteFinishedBefore("failed", before(failedKeptMs)),
      };
    },
  };
}

export type WorkQueue = ReturnType<typeof createWorkQueue>;
