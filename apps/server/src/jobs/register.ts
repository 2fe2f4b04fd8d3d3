import type { Redis } from "ioredis";
import type { DatabaseHandle } from "../db/client";
import type { RedisKeys } from "../lib/redis-keys";
import type { AppServices } from "../services";
import { breakingNewsJob } from "./breaking-news-job";
import { embeddedDatabaseMaintenanceJob } from "./embedded-database-maintenance-job";
import { imageBatchesJob } from "./image-batches-job";
import { mailOutboxJob } from "./mail-outbox-job";
import { marketDataPollJob, marketDataSyncJob } from "./market-data-job";
import { newsletterJob } from "./newsletter-job";
import { partnerQueueJob } from "./partner-queue-job";
import { scheduledPublicationJob } from "./scheduled-publication-job";
import { createJobScheduler, type JobLogger, type JobScheduler } from "./scheduler";
import { sentimentJob } from "./sentiment-job";
import { sessionsCleanupJob } from "./sessions-cleanup-job";
import { workQueueCleanupJob } from "./work-queue-cleanup-job";

/**
 * Every scheduled job of the server, on one scheduler (one instance runs each interval when Redis
 * is configured). `buildApp` starts it on ready when asked to, and stops it on close.
 */
export function registerJobs(deps: {
  services: AppServices;
  database: DatabaseHandle;
  redis: Redis | null;
  keys: RedisKeys;
  log: JobLogger;
}): JobScheduler {
  const { services, database } = deps;
  const jobs = createJobScheduler({
    redis: deps.redis,
    log: deps.log,
    lockKeys: deps.keys.scope("job-lock"),
  });
  jobs.add(marketDataPollJob(services.marketData));
  jobs.add(marketDataSyncJob(services.marketData));
  jobs.add(breakingNewsJob(services.breakingNews));
  jobs.add(partnerQueueJob(services.partners));
  jobs.add(newsletterJob(services.newsletter));
  jobs.add(mailOutboxJob(services.outbox));
  // A queued mail goes out now, not at the job's next turn (once the jobs run at all).
  services.outbox.onQueued(() => jobs.kick("mail:outbox"));
  jobs.add(embeddedDatabaseMaintenanceJob({ database, cache: services.pageCache }));
  jobs.add(imageBatchesJob(services.aiImages));
  jobs.add(sentimentJob(services.sentiment));
  jobs.add(
    scheduledPublicationJob({
      articles: services.articleReads,
      onArticlesChanged: (tags) => services.pageCache.invalidate(tags),
    }),
  );
  jobs.add(sessionsCleanupJob(services.auth));
  jobs.add(workQueueCleanupJob(services.workQueue));
  return jobs;
}
