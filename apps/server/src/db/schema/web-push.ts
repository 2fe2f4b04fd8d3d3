import { pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Readers' Web Push subscriptions for breaking news (decision 237): the push service's endpoint
 * and the browser's keys (p256dh, auth) the payload is encrypted to, and the topics chosen (empty:
 * every breaking-news item). No account is needed; the endpoint is the identity. Removed when
 * the reader turns alerts off, or when the push service answers 404 or 410 (expired).
 */
export const pushSubscriptions = pgTable("push_subscriptions", {
  id: serial("id").primaryKey(),
  endpoint: text("endpoint").notNull().unique(),
  p256dh: text("p256dh").notNull(),
  auth: text("auth").notNull(),
  topics: text("topics").array().notNull().default([]),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
