import type { PartnersService } from "../modules/partners/service";
import type { ScheduledJob } from "./scheduler";

/**
 * Sends queued partner pushes whose slot has come, every 15 s on one instance (Redis lock). The
 * claim itself happens under the partner row's lock, so even two instances running it at once
 * (Redis away) cannot send a push twice or early (decision 112).
 */
export function partnerQueueJob(partners: PartnersService, intervalMs = 15_000): ScheduledJob {
  return {
    name: "partner:send-queue",
    intervalMs,
    exclusive: true,
    run: (signal) => partners.processDue(signal),
  };
}
