import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Daily newsletter subscribers (newsletter module, decision 122): pending until the signed link of
 * the confirmation mail is opened, then confirmed until they unsubscribe.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    status: text("status", { enum: ["pending", "confirmed", "unsubscribed"] })
      .notNull()
      .default("pending"),
    /** Bumped on every (re-)subscription: links of earlier confirmation mails stop working. */
    tokenVersion: integer("token_version").notNull().default(0),
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /** The UTC day (YYYY-MM-DD) of the last digest this subscriber was sent. */
    lastDigestOn: text("last_digest_on"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("newsletter_subscribers_email_idx").on(sql`lower(${table.email})`),
    index("newsletter_subscribers_status_idx").on(table.status, table.lastDigestOn),
  ],
);

export type NewsletterSubscriberRow = typeof newsletterSubscribers.$inferSelect;
