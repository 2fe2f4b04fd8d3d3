import type { Article } from "@aurumwire/shared/articles";
import {
  defaultDigestHour,
  type NewsletterSettings,
  type Subscriber,
  type SubscriberStatus,
} from "@aurumwire/shared/newsletter";
import type { Database } from "../../db/client";
import type { NewsletterSubscriberRow } from "../../db/schema";
import { AppError, notFound, tooManyRequests } from "../../errors";
import type { CounterStore } from "../../lib/counters";
import { escapeHtml } from "../../lib/html-entities";
import { pageOffset, pagination } from "../../lib/pagination";
import type { MailOutbox } from "../mail/outbox";
import type { LinkSigner } from "../mail/signed-links";
import type { SiteSettingsService } from "../site-settings/service";
import type { NewsletterRepository } from "./repository";

const digestHourKey = "newsletterDigestHour";
const confirmPurpose = "newsletter-confirm";
const digestPurpose = "newsletter-digest";
const unsubscribePurpose = "newsletter-unsubscribe";
/** A confirmation link works for a week; an unsubscribe link for good. */
const confirmationLifetimeMs = 7 * 24 * 60 * 60 * 1000;
/** Sign-ups per address and hour, against one visitor filling the table or the inboxes. */
export const subscribesPerHourPerAddress = 5;
/** A second subscribe of a pending address resends the mail only this long after the last. */
const confirmationResendMs = 10 * 60 * 1000;
const digestBatch = 50;
const digestStories = 5;

export interface NewsletterLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

function toSubscriber(row: NewsletterSubscriberRow): Subscriber {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
    lastDigestOn: row.lastDigestOn,
  };
}

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** Quotes a CSV field when it needs it, and defuses spreadsheet formulas. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The Daily Newsletter (decision 122): double opt-in with a signed link, a digest of the day's
 * top stories once a day at the set UTC hour, one-click unsubscribe. Without SMTP subscriptions
 * are kept pending and their confirmation goes out once mail works; nothing claims to have sent.
 */
export function createNewsletterService(deps: {
  repository: NewsletterRepository;
  settings: Pick<SiteSettingsService, "storedValue" | "storeValue">;
  db: Database;
  /** Every mail goes through the outbox (decision 223): confirmations and the daily digest. */
  outbox: MailOutbox;
  links: LinkSigner;
  counters: CounterStore;
  /** The day's top stories (the articles service's popular list). */
  topStories: (limit: number) => Promise<Article[]>;
  site: { name: string; url: string };
  log?: NewsletterLogger;
}) {
  const { db, repository, settings, outbox, links, counters, site, log } = deps;

  const confirmUrl = (row: NewsletterSubscriberRow) =>
    `${site.url}/api/newsletter/confirm?token=${links.sign(confirmPurpose, row.id, row.tokenVersion, confirmationLifetimeMs)}`;
  const unsubscribeUrl = (row: NewsletterSubscriberRow) =>
    `${site.url}/api/newsletter/unsubscribe?token=${links.sign(unsubscribePurpose, row.id, 0, null)}`;

  /**
   * Queues the confirmation mail in the outbox (its job sends it, with retries), so a subscribe
   * answers at once whatever the mail server does; false when mail is off.
   */
  async function sendConfirmation(row: NewsletterSubscriberRow): Promise<boolean> {
    if (!outbox.configured) return false;
    const url = confirmUrl(row);
    await outbox.enqueue(
      {
        to: row.email,
        subject: `Confirm your subscription to the ${site.name} Daily Newsletter`,
        text: [
          `Please confirm that you want the ${site.name} Daily Newsletter at this address:`,
          "",
          url,
          "",
          "The link works for 7 days. If you did not ask for this, ignore this mail: nothing will be sent.",
        ].join("\n"),
        html: `<p>Please confirm that you want the ${escapeHtml(site.name)} Daily Newsletter at this address.</p><p><a href="${escapeHtml(url)}">Confirm my subscription</a></p><p>The link works for 7 days. If you did not ask for this, ignore this mail: nothing will be sent.</p>`,
      },
      { purpose: "newsletter-confirm", subjectId: row.id },
    );
    await repository.markConfirmationSent(row.id);
    return true;
  }

  async function digestHour(): Promise<number> {
    const value = await settings.storedValue(digestHourKey);
    return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 23
      ? value
      : defaultDigestHour;
  }

  function digestMail(row: NewsletterSubscriberRow, stories: Article[], day: string) {
    const unsubscribe = unsubscribeUrl(row);
    const link = (article: Article) => `${site.url}/article/${article.slug}`;
    return {
      to: row.email,
      subject: `${site.name} Daily: ${stories[0]?.title ?? "today's top stories"}`,
      text: [
        `${site.name} Daily Newsletter, ${day}`,
        "",
        ...stories.flatMap((article, index) => [
          `${index + 1}. ${article.title}`,
          article.excerpt,
          link(article),
          "",
        ]),
        `Unsubscribe with one click: ${unsubscribe}`,
      ].join("\n"),
      html: [
        `<h1>${escapeHtml(site.name)} Daily Newsletter</h1><p>${escapeHtml(day)}</p><ol>`,
        ...stories.map(
          (article) =>
            `<li><a href="${escapeHtml(link(article))}"><strong>${escapeHtml(article.title)}</strong></a><br>${escapeHtml(article.excerpt)}</li>`,
        ),
        `</ol><p><a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p>`,
      ].join(""),
      headers: {
        // RFC 2369 and RFC 8058: mail clients show an unsubscribe button that posts here.
        "List-Unsubscribe": `<${unsubscribe}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    };
  }

  return {
    mailConfigured: () => outbox.configured,

    /**
     * A subscription request. The answer is the same whether the address was new, pending or
     * confirmed, so the form tells nobody who subscribes; only a new or returning address gets a
     * confirmation mail (a pending one again after 10 minutes).
     */
    async subscribe(
      email: string,
      ip: string,
    ): Promise<{ message: string; confirmationSent: boolean }> {
      const hits = await counters.hit(`newsletter-subscribe:${ip}`, 60 * 60 * 1000);
      if (hits.count > subscribesPerHourPerAddress) {
        const waitMs = Math.max(1000, hits.resetAt - Date.now());
        const minutes = Math.ceil(waitMs / 60_000);
        throw tooManyRequests(
          `Too many subscription requests from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
          "newsletter_rate_limited",
          waitMs / 1000,
        );
      }
      let row = (await repository.findByEmail(email)) ?? (await repository.insertPending(email));
      row ??= await repository.findByEmail(email);
      if (!row)
        throw new AppError(500, "newsletter_subscribe_failed", "Could not save the subscription.");
      if (row.status === "unsubscribed") row = (await repository.resubscribe(row.id)) ?? row;
      let sent = false;
      if (row.status === "pending") {
        const recent =
          row.confirmationSentAt &&
          Date.now() - row.confirmationSentAt.getTime() < confirmationResendMs;
        if (!recent) sent = await sendConfirmation(row);
        else sent = true;
      }
      if (!outbox.configured) {
        return {
          message:
            "Thanks! Your subscription is saved, but we cannot send e-mail right now. We will send you a confirmation link as soon as we can.",
          confirmationSent: false,
        };
      }
      return {
        message:
          row.status === "confirmed"
            ? "Almost done: if this address is not subscribed yet, check your inbox for a link to confirm."
            : sent
              ? "Almost done: check your inbox for a link to confirm your subscription."
              : "Your subscription is saved, but the confirmation e-mail could not be sent just now. We will try again shortly.",
        confirmationSent: sent,
      };
    },

    /** Opens a confirmation link: "confirmed", "already" (confirmed before) or why not. */
    async confirm(token: string): Promise<"confirmed" | "already" | "expired" | "invalid"> {
      const checked = links.verify(confirmPurpose, token);
      if (!checked.ok) return checked.reason;
      const row = await repository.findById(checked.subject);
      if (!row || row.tokenVersion !== checked.version) return "invalid";
      if (row.status === "confirmed") return "already";
      if (row.status !== "pending") return "invalid";
      return (await repository.confirm(row.id, checked.version)) ? "confirmed" : "already";
    },

    /** Opens (or one-click posts) an unsubscribe link. */
    async unsubscribe(token: string): Promise<"unsubscribed" | "invalid"> {
      const checked = links.verify(unsubscribePurpose, token);
      if (!checked.ok) return "invalid";
      const row = await repository.findById(checked.subject);
      if (!row) return "invalid";
      await repository.unsubscribe(row.id);
      return "unsubscribed";
    },

    async list(query: { page: number; limit: number; search?: string; status?: SubscriberStatus }) {
      const [{ rows, total }, counts, hour] = await Promise.all([
        repository.list({ ...query, offset: pageOffset(query) }),
        repository.counts(),
        digestHour(),
      ]);
      return {
        subscribers: rows.map(toSubscriber),
        counts,
        pagination: pagination(query, total),
        mailConfigured: outbox.configured,
        settings: { digestHour: hour },
      };
    },

    async remove(id: number): Promise<void> {
      if (!(await repository.remove(id))) {
        throw notFound(`No subscriber has id ${id}.`, "subscriber_not_found");
      }
    },

    async exportCsv(): Promise<string> {
      const rows = await repository.all();
      const lines = ["email,status,subscribed_at,confirmed_at,unsubscribed_at,last_digest_on"];
      for (const row of rows) {
        lines.push(
          [
            row.email,
            row.status,
            row.createdAt.toISOString(),
            row.confirmedAt?.toISOString() ?? "",
            row.unsubscribedAt?.toISOString() ?? "",
            row.lastDigestOn ?? "",
          ]
            .map(csvField)
            .join(","),
        );
      }
      return `${lines.join("\r\n")}\r\n`;
    },

    async getSettings(): Promise<NewsletterSettings> {
      return { digestHour: await digestHour() };
    },

    async updateSettings(update: NewsletterSettings, userId: number): Promise<NewsletterSettings> {
      await settings.storeValue(digestHourKey, update.digestHour, userId);
      return { digestHour: update.digestHour };
    },

    /**
     * One run of the scheduled job: confirmations owed from while mail was off, then, from the
     * digest hour on, today's digest queued in the mail outbox for every confirmed subscriber who
     * has not had it (decision 223; the `mail:outbox` job sends it and retries). A subscriber's
     * claim and their mail are written in one transaction, so a run cut short (a crash, a stop)
     * resumes where it was and nobody gets the same day's digest twice.
     */
    async runScheduledMail(
      signal?: AbortSignal,
      now = new Date(),
    ): Promise<{ confirmations: number; digests: number }> {
      const result = { confirmations: 0, digests: 0 };
      if (!outbox.configured) return result;
      for (const row of await repository.confirmationsOwed(digestBatch)) {
        if (signal?.aborted) return result;
        if (await sendConfirmation(row)) result.confirmations += 1;
      }
      if (now.getUTCHours() < (await digestHour())) return result;
      const day = utcDay(now);
      const stories = await deps.topStories(digestStories);
      if (stories.length === 0) return result;
      while (!signal?.aborted) {
        const batch = await repository.digestRecipients(day, digestBatch);
        if (batch.length === 0) break;
        for (const row of batch) {
          if (signal?.aborted) break;
          const queued = await db.transaction(async (tx) => {
            // Another run (instance) that claimed this subscriber first queued their mail.
            if (!(await repository.claimDigest(row.id, day, tx))) return false;
            await outbox.enqueue(
              digestMail(row, stories, day),
              { purpose: digestPurpose, subjectId: row.id },
              tx,
            );
            return true;
          });
          if (queued) {
            result.digests += 1;
            outbox.wake();
          }
        }
      }
      if (result.digests) log?.info({ day, ...result }, "newsletter digest queued");
      return result;
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
