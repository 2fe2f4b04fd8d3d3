import type { AiImagesService } from "../modules/ai-images/service";
import type { ScheduledJob } from "./scheduler";

/**
 * Bulk image batches that are due on the work queue (decision 306): left by a server that
 * stopped mid-way, or put off after an error. Every 30 s on every instance: each batch is claimed
 * by one of them in the database, so a batch runs once even without Redis.
 */
export function imageBatchesJob(images: AiImagesService): ScheduledJob {
  return {
    name: "ai-images:batches",
    intervalMs: 30_000,
    exclusive: false,
    run: (signal) => images.runDueBatches(signal),
  };
}
