import type { NewsletterService } from "../modules/newsletter/service";
import type { ScheduledJob } from "./scheduler";

/**
 * Every 5 minutes on one instance: owed confirmation mails, and from the digest hour on, the
 * day's digest to whoever has not had it (decision 122). Recorded per recipient, so a second
 * instance or a restart never sends one day's digest twice.
 */
export function newsletterJob(newsletter: NewsletterService): ScheduledJob {
  return {
    name: "newsletter:mail",
    intervalMs: 5 * 60_000,
    exclusive: true,
    run: async (signal) => {
      await newsletter.runScheduledMail(signal);
    },
  };
}
