import type { AuthService } from "../modules/auth/service";
import type { ScheduledJob } from "./scheduler";

/**
 * Every hour on one instance: the rows of sessions that ended (signed out, revoked or expired)
 * more than a week ago are deleted (decision 204). An ended session is refused whether or not its
 * row is still there; the week keeps recent ones for a look after an incident.
 */
export function sessionsCleanupJob(auth: Pick<AuthService, "deleteEndedSessions">): ScheduledJob {
  return {
    name: "auth:sessions-cleanup",
    intervalMs: 60 * 60_000,
    exclusive: true,
    run: async () => {
      await auth.deleteEndedSessions();
    },
  };
}
