import { z } from "zod";

/**
 * Breaking-news alerts by Web Push (decision 237): the topics a reader may choose, and the
 * requests of /api/push/*. A topic matches a breaking-news item by its tags (the feed reader tags
 * items by these words, breaking-news/feed-parser.ts); no topic chosen means every item.
 */
export const pushTopics = [
  { slug: "bitcoin", label: "Bitcoin" },
  { slug: "ethereum", label: "Ethereum" },
  { slug: "defi", label: "DeFi" },
  { slug: "nft", label: "NFTs" },
  { slug: "regulation", label: "Regulation" },
  { slug: "trading", label: "Markets and trading" },
] as const;
export type PushTopic = (typeof pushTopics)[number]["slug"];
const topicSlugs = pushTopics.map((topic) => topic.slug) as [PushTopic, ...PushTopic[]];

const base64url = (what: string) =>
  z
    .string({ error: `${what} is required (from the browser's PushSubscription)` })
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url, as the browser gives it`);

/** A browser's PushSubscription as `subscription.toJSON()` gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: "subscription.endpoint is required (the push service's address)" })
    .max(2000, "subscription.endpoint is too long")
    .regex(/^https?:\/\/\S+$/, "subscription.endpoint must be the push service's https address"),
  expirationTime: z.number().nullish(),
  keys: z.object(
    { p256dh: base64url("keys.p256dh"), auth: base64url("keys.auth") },
    { error: "subscription.keys (p256dh and auth) are required" },
  ),
});

/** POST /api/push/subscriptions: turn alerts on (again: the topics are replaced). */
export const pushSubscribeRequestSchema = z.object({
  subscription: pushSubscriptionSchema,
  topics: z
    .array(
      z.enum(topicSlugs, {
        error: `topics are among ${topicSlugs.join(", ")}`,
      }),
    )
    .max(topicSlugs.length)
    .default([]),
});
export type PushSubscribeRequest = z.infer<typeof pushSubscribeRequestSchema>;

/** DELETE /api/push/subscriptions: turn alerts off. */
export const pushUnsubscribeRequestSchema = z.object({
  endpoint: pushSubscriptionSchema.shape.endpoint,
});

/** GET /api/push/key: the server's VAPID public key (applicationServerKey) and the topics. */
export interface PushKeyResponse {
  publicKey: string;
  topics: ReadonlyArray<{ slug: PushTopic; label: string }>;
}

/** What the service worker receives (decrypted) in a push message. */
export interface BreakingPushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}
