import type { TickerNewsItem } from "@aurumwire/shared/news";
import {
  type BreakingPushPayload,
  type PushKeyResponse,
  type PushSubscribeRequest,
  pushTopics,
} from "@aurumwire/shared/web-push";
import webPush from "web-push";
import { AppError, badRequest } from "../../errors";
import type { AddressGuard } from "../../lib/address-guard";
import { OutboundError } from "../../lib/outbound-error";
import { sendRequest } from "../../lib/outbound-http";
import type { WebPushRepository } from "./repository";

/**
 * Breaking-news alerts by Web Push (decision 237). Readers subscribe from the page (their
 * browser's PushSubscription and the topics they chose); each new breaking-news item goes to the
 * subscriptions whose topics match its tags, encrypted to each browser's keys (aes128gcm, RFC
 * 8291) and signed with our VAPID key (RFC 8292) by the `web-push` library; the request itself
 * goes out through our outbound client and its address guard (the endpoint is the browser's
 * choice). A push service that answers 404 or 410 has dropped the subscription: it is removed.
 */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const pageSize = 200;
const inParallel = 10;
const sendTimeoutMs = 15_000;

function isKey(value: string, bytes: number): boolean {
  return Buffer.from(value, "base64url").length === bytes;
}

export function createWebPushService(deps: {
  repository: WebPushRepository;
  vapid: VapidKeys | null;
  guard?: AddressGuard;
  log?: {
    warn(object: object, message: string): void;
    info(object: object, message: string): void;
  };
}) {
  const { repository, vapid, log } = deps;

  function configured(): VapidKeys {
    if (!vapid)
      throw new AppError(
        503,
        "push_not_configured",
        "Breaking-news alerts are not set up on this site.",
      );
    return vapid;
  }

  /** Sends one payload; answers "gone" when the push service dropped the subscription. */
  async function sendOne(
    keys: VapidKeys,
    row: { endpoint: string; p256dh: string; auth: string },
    payload: string,
  ): Promise<"sent" | "gone" | "failed"> {
    const details = webPush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      payload,
      {
        vapidDetails: keys,
        TTL: 6 * 60 * 60,
        urgency: "high",
        contentEncoding: "aes128gcm",
      },
    );
    const headers = Object.fromEntries(
      Object.entries(details.headers)
        .filter(([name]) => name.toLowerCase() !== "content-length")
        .map(([name, value]) => [name, String(value)]),
    );
    try {
      await sendRequest({
        method: "POST",
        url: details.endpoint,
        headers,
        body: details.body as Buffer,
        timeoutMs: sendTimeoutMs,
        maxBytes: 64 * 1024,
        guard: deps.guard,
      });
      return "sent";
    } catch (error) {
      if (error instanceof OutboundError && (error.status === 404 || error.status === 410)) {
        return "gone";
      }
      log?.warn({ err: error, host: new URL(row.endpoint).host }, "web push not delivered");
      return "failed";
    }
  }

  return {
    enabled: () => vapid !== null,

    key(): PushKeyResponse {
      return { publicKey: configured().publicKey, topics: pushTopics };
    },

    async subscribe(request: PushSubscribeRequest): Promise<void> {
      configured();
      const { endpoint, keys } = request.subscription;
      // An uncompressed P-256 point (65 bytes) and a 16-byte secret, as browsers make them.
      if (!isKey(keys.p256dh, 65) || Buffer.from(keys.p256dh, "base64url")[0] !== 4) {
        throw badRequest("keys.p256dh is not a browser's P-256 public key (65 bytes, base64url).");
      }
      if (!isKey(keys.auth, 16)) {
        throw badRequest("keys.auth is not a browser's 16-byte authentication secret.");
      }
      // Stored endpoints are posted to on every alert: an internal one is refused now, not only
      // at delivery (issue 33; anyone may subscribe).
      await deps.guard?.refuseInternal(endpoint, {
        use: "a push service's public address",
        field: "subscription.endpoint",
      });
      await repository.upsert({
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        topics: [...new Set(request.topics)],
      });
    },

    unsubscribe: (endpoint: string) => repository.remove(endpoint),

    /**
     * Sends a breaking-news item to every subscription that wants it; removes the expired ones.
     * Answers the counts (for logs and tests).
     */
    async notify(item: TickerNewsItem) {
      const counts = { sent: 0, removed: 0, failed: 0 };
      if (!vapid) return counts;
      const payload: BreakingPushPayload = {
        title: `Breaking: ${item.title}`.slice(0, 200),
        body: item.source,
        url: item.articleSlug ? `/article/${item.articleSlug}` : "/",
        tag: `breaking-${item.id}`,
      };
      const text = JSON.stringify(payload);
      let afterId = 0;
      for (;;) {
        const rows = await repository.forTags(item.tags, afterId, pageSize);
        if (rows.length === 0) break;
        afterId = rows[rows.length - 1]!.id;
        const gone: number[] = [];
        for (let start = 0; start < rows.length; start += inParallel) {
          const batch = rows.slice(start, start + inParallel);
          const results = await Promise.all(batch.map((row) => sendOne(vapid, row, text)));
          results.forEach((result, index) => {
            if (result === "gone") gone.push(batch[index]!.id);
            else counts[result] += 1;
          });
        }
        await repository.removeIds(gone);
        counts.removed += gone.length;
        if (rows.length < pageSize) break;
      }
      if (counts.sent + counts.removed + counts.failed > 0) {
        log?.info({ ...counts, item: item.id }, "breaking news pushed");
      }
      return counts;
    },
  };
}

export type WebPushService = ReturnType<typeof createWebPushService>;
