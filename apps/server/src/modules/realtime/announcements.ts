import type { TickerNewsItem } from "@aurumwire/shared/news";
import type { StreamBreakingEvent } from "@aurumwire/shared/realtime-events";
import type { Executor } from "../../db/client";
import type { AddressGuard } from "../../lib/address-guard";
import type { ArticlesRepository } from "../articles/repository";
import { createLiveCoverageRepository } from "../live-coverage/repository";
import { createLiveCoverageService } from "../live-coverage/service";
import { createWebPushRepository } from "../web-push/repository";
import { createWebPushService, type VapidKeys } from "../web-push/service";
import { publishEvent, type RealtimeBus } from "./bus";

/**
 * What reaches readers as it happens, built once (services.ts): live coverage (decisions 234,
 * 236) and breaking news, to open pages over the stream and to subscribed browsers by Web Push
 * (decisions 233, 237).
 */
export function createReaderAnnouncements(deps: {
  db: Executor;
  bus: RealtimeBus;
  cache: Parameters<typeof createLiveCoverageService>[0]["cache"];
  articles: ArticlesRepository;
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
