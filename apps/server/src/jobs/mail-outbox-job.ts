import type { MailOutbox } from "../modules/mail/outbox";
import type { ScheduledJob } from "./scheduler";

/**
 * Sends the mail outbox (decision 223): every 30 s, and at once when a mail is queued. Not
 * behind the Redis lock: each mail is claimed by one run in the database, so instances share
 * the work and none sends a mail another has taken.
 */
export function mailOutboxJob(outbox: MailOutbox, intervalMs = 30_000): ScheduledJob {
  return {
    name: "mail:outbox",
    intervalMs,
    exclusive: false,
    run: async (signal) => {
      await outbox.deliverDue(signal);
    },
  };
}
