import { index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Messages of the contact form (contact module, decision 123), listed for admins. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    status: text("status", { enum: ["new", "read", "archived"] })
      .notNull()
      .default("new"),
    /** When it went out to CONTACT_EMAIL; null without SMTP or while the mail failed. */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
    mailError: text("mail_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("contact_messages_status_idx").on(table.status, table.createdAt)],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;
