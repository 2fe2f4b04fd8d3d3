import type { AiImagesService } from "../modules/ai-images/service";
import type { ScheduledJob } from "./scheduler";

/**
 * Bulk image batches whose server stopped mid-way are taken over every 30 s, on one instance (the
 * batch's own lease keeps a second worker off it even without Redis).
 */
export function imageBatchesJob(images: AiImagesService): ScheduledJob {
  return {
    name: "ai-images:resume-batches",
    intervalMs: 30_000,
    exclusive: true,
    run: (signal) => images.resumeAbandonedBatches(signal),
  };
}
