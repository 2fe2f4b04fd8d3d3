import type {
  ContactListResponse,
  ContactMessage,
  ContactMessageInput,
  ContactStatus,
} from "@aurumwire/shared/contact";
import type { ContactMessageRow } from "../../db/schema";
import { notFound, tooManyRequests } from "../../errors";
import type { CounterStore } from "../../lib/counters";
import { escapeHtml } from "../../lib/html-entities";
import { pageOffset, pagination } from "../../lib/pagination";
import type { MailOutbox } from "../mail/outbox";
import type { ContactRepository } from "./repository";

/** Messages per address and hour: enough for a reader, too few for a flood. */
export const contactMessagesPerHour = 5;

function toMessage(row: ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    status: row.status,
    mailedAt: row.mailedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface ContactLogger {
  warn(object: object, message: string): void;
}

/**
 * The contact form delivered (decision 123): every message is stored for the admins' Messages
 * screen first, then queued in the mail outbox for CONTACT_EMAIL when SMTP is configured (sent by
 * its job with retries; a mail refused for good is recorded, the message is not lost). Limited per address; a filled honeypot is accepted and dropped.
 */
export function createContactService(deps: {
  repository: ContactRepository;
  outbox: MailOutbox;
  counters: CounterStore;
  contactEmail: string | undefined;
  siteName: string;
  log?: ContactLogger;
}) {
  const { repository, outbox, counters, contactEmail, siteName, log } = deps;
  // The outbox says when a forwarded message went out, or was refused for good (decision 223).
  outbox.onOutcome("contact", {
    sent: async (id, at) => {
      if (id !== null) await repository.recordMail(id, { mailedAt: at, mailError: null });
    },
    failed: async (id, error) => {
      log?.warn({ messageId: id }, "contact message mail refused; kept in Messages");
      if (id !== null) await repository.recordMail(id, { mailedAt: null, mailError: error });
    },
  });
  return {
    async submit(input: ContactMessageInput, ip: string): Promise<{ stored: boolean }> {
      const hits = await counters.hit(`contact:${ip}`, 60 * 60 * 1000);
      if (hits.count > contactMessagesPerHour) {
        const waitMs = Math.max(1000, hits.resetAt - Date.now());
        const minutes = Math.ceil(waitMs / 60_000);
        throw tooManyRequests(
          `Too many messages from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
          "contact_rate_limited",
          waitMs / 1000,
        );
      }
      // A bot filled the hidden field: it gets the same thanks, nothing is kept.
      if (input.website) return { stored: false };
      const row = await repository.insert({
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
      });
      // Forwarded by the outbox job: the form answers at once, and a message that arrives
      // while the mail server is away goes out when it is back.
      if (outbox.configured && contactEmail) {
        await outbox.enqueue(
          {
            to: contactEmail,
            replyTo: `${input.name.replace(/[<>"\r\n]/g, "")} <${input.email}>`,
            subject: `[${siteName} contact] ${input.subject}`,
            text: `From: ${input.name} <${input.email}>\n\n${input.message}`,
            html: `<p>From: ${escapeHtml(input.name)} &lt;${escapeHtml(input.email)}&gt;</p><p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
          },
          { purpose: "contact", subjectId: row.id },
        );
      }
      return { stored: true };
    },

    async list(query: {
      page: number;
      limit: number;
      status: "inbox" | ContactStatus;
    }): Promise<ContactListResponse> {
      const statuses: ContactStatus[] = query.status === "inbox" ? ["new", "read"] : [query.status];
      const [{ rows, total }, counts] = await Promise.all([
        repository.list({ statuses, limit: query.limit, offset: pageOffset(query) }),
        repository.counts(),
      ]);
      return {
        messages: rows.map(toMessage),
        counts,
        pagination: pagination(query, total),
        mailConfigured: outbox.configured,
        contactEmail: contactEmail ?? null,
      };
    },

    async setStatus(id: number, status: ContactStatus): Promise<ContactMessage> {
      const row = await repository.setStatus(id, status);
      if (!row) throw notFound(`No message has id ${id}.`, "contact_message_not_found");
      return toMessage(row);
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
