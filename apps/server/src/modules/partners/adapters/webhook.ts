import { createHmac } from "node:crypto";
import type { AdapterContext } from "./context";
import { type PartnerAdapter, type PartnerArticle, parseJson, partnerRequest } from "./types";

/**
 * A partner's own endpoint (decision 110): the article as an IPTC ninjs 2.0 document, POSTed and
 * signed with HMAC-SHA256. `X-AurumWire-Delivery` stays the same across retries of one push, so
 * the receiver's idempotency makes a retry after an unknown outcome safe (it cannot be looked up).
 */

export const webhookHeaders = {
  signature: "x-aurumwire-signature",
  timestamp: "x-aurumwire-timestamp",
  event: "x-aurumwire-event",
  delivery: "x-aurumwire-delivery",
} as const;

/** `sha256=` + hex HMAC-SHA256 of `<timestamp>.<body>` with the shared secret. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** The article as an IPTC ninjs 2.0 document. */
export function toNinjs(article: PartnerArticle, siteName: string, version: number) {
  const cover = article.cover?.absoluteUrl;
  return {
    $schema: "http://www.iptc.org/std/ninjs/ninjs-schema_2.0.json",
    uri: article.canonicalUrl,
    type: "text",
    version: String(version),
    firstcreated: (article.publishedAt ?? article.updatedAt).toISOString(),
    versioncreated: article.updatedAt.toISOString(),
    pubstatus: "usable",
    language: "en",
    headlines: [{ value: article.title }],
    descriptions: [{ role: "summary", contenttype: "text/plain", value: article.excerpt }],
    bodies: [{ role: "main", contenttype: "text/html", value: article.html }],
    by: article.byline || siteName,
    copyrightholder: siteName,
    subjects: article.category
      ? [{ name: article.category.name, uri: `category:${article.category.slug}` }]
      : [],
    keywords: article.tags,
    associations: cover
      ? [
          {
            name: "featureimage",
            type: "picture",
            uri: cover,
            headlines: article.cover?.alt ? [{ value: article.cover.alt }] : [],
            renditions: [{ name: "original", href: cover }],
          },
        ]
      : [],
  };
}

export function webhookAdapter({ settings, limits, now }: AdapterContext): PartnerAdapter {
  const post = async (event: string, delivery: string, document: unknown, signal?: AbortSignal) => {
    const body = JSON.stringify(document);
    const timestamp = String(Math.floor(now() / 1000));
    const answer = await partnerRequest(
      {
        method: "POST",
        url: settings.url,
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          [webhookHeaders.event]: event,
          [webhookHeaders.delivery]: delivery,
          [webhookHeaders.timestamp]: timestamp,
          [webhookHeaders.signature]: webhookSignature(settings.secret, timestamp, body),
        },
        body,
        signal,
      },
      limits,
    );
    if (!answer.body.trim()) return {} as { id?: unknown; url?: unknown };
    return parseJson<{ id?: unknown; url?: unknown }>(answer.body, "The partner's webhook");
  };
  return {
    async publish(article, { remoteId, pushId, signal }) {
      const answer = await post(
        remoteId ? "article.updated" : "article.published",
        `push-${pushId}`,
        toNinjs(article, settings.siteName, remoteId ? 2 : 1),
        signal,
      );
      return {
        remoteId:
          typeof answer.id === "string" || typeof answer.id === "number"
            ? String(answer.id)
            : (remoteId ?? article.canonicalUrl),
        remoteUrl: typeof answer.url === "string" ? answer.url : null,
      };
    },
    async find() {
      return undefined;
    },
    async withdraw(remoteId, article, signal) {
      await post(
        "article.withdrawn",
        `withdraw-${remoteId}-${now()}`,
        { ...toNinjs(article, settings.siteName, 3), pubstatus: "withheld", remoteId },
        signal,
      );
      return "The webhook accepted the withdrawal (pubstatus withheld).";
    },
    async check(signal) {
      await post("ping", `ping-${now()}`, { type: "ping", from: settings.siteName }, signal);
      return "The webhook accepted a signed ping.";
    },
  };
}
