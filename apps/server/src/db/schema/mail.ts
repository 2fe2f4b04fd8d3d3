import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The mail outbox (mail module, issue 33, decision 223): every mail the site sends is a row here
 * first, answered at once, and sent by the `mail:outbox` job with retries, so a slow or absent
 * mail server never holds a request and no mail is lost while it is away.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    replyTo: text("reply_to"),
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** What the mail is for ("contact", "newsletter-confirm", ...) and the row it is about. */
    purpose: text("purpose").notNull(),
    subjectId: integer("subject_id"),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When the job may take it next: now for a new mail, later after a failure or while claimed. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [index("mail_outbox_due_idx").on(table.status, table.nextAttemptAt)],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
