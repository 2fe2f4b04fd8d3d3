import type { WorkQueue } from "../lib/work-queue";
import type { ScheduledJob } from "./scheduler";

/**
 * Every hour on one instance: work queue rows that ended are deleted, done ones a week after they
 * finished, given-up ones after a month (decision 308). Pending rows are never touched.
 */
export function workQueueCleanupJob(queue: Pick<WorkQueue, "removeFinished">): ScheduledJob {
  return {
    name: "work-queue:cleanup",
    intervalMs: 60 * 60_000,
    exclusive: true,
    run: async () => {
      await queue.removeFinished();
    },
  };
}
