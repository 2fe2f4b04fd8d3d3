import type { TickerNewsItem } from "@aurumwire/shared/news";
import type { StreamBreakingEvent } from "@aurumwire/shared/realtime-events";
import type { Executor } from "./db/client";
import type { AddressGuard } from "./lib/address-guard";
import type { ArticleReads } from "./modules/articles/reads-service";
import { createLiveCoverageRepository } from "./modules/live-coverage/repository";
import { createLiveCoverageService } from "./modules/live-coverage/service";
import { publishEvent, type RealtimeBus } from "./modules/realtime/bus";
import { createWebPushRepository } from "./modules/web-push/repository";
import { createWebPushService, type VapidKeys } from "./modules/web-push/service";

/**
 * What reaches readers as it happens, built once (services.ts): live coverage (decisions 234,
 * 236) and breaking news, to open pages over the stream and to subscribed browsers by Web Push
 * (decisions 233, 237).
 */
export function createReaderAnnouncements(deps: {
  db: Executor;
  bus: RealtimeBus;
  cache: Parameters<typeof createLiveCoverageService>[0]["cache"];
  articles: Pick<ArticleReads, "findBySlugOrId">;
  vapid: VapidKeys | null;
  guard: AddressGuard;
  log?: {
    warn(object: object, message: string): void;
    info(object: object, message: string): void;
  };
}) {
  const { bus, log } = deps;
  const liveCoverage = createLiveCoverageService({
    repository: createLiveCoverageRepository(deps.db),
    articles: deps.articles,
    cache: deps.cache,
    publish: (event) => publishEvent(bus, "live-update", event),
  });
  const webPush = createWebPushService({
    repository: createWebPushRepository(deps.db),
    vapid: deps.vapid,
    guard: deps.guard,
    log,
  });
  return {
    liveCoverage,
    webPush,
    /** A new breaking-news item (the feed run that stored it calls this once per deployment). */
    breaking(item: TickerNewsItem) {
      publishEvent(bus, "breaking", { item } satisfies StreamBreakingEvent);
      webPush.notify(item).catch((error: unknown) => {
        log?.warn({ err: error, item: item.id }, "breaking news could not be pushed");
      });
    },
  };
}
