import type { Executor } from "../../db/client";
import type { MailOutboxRow } from "../../db/schema";
import { MailError, type Mailer, type MailMessage } from "./mailer";
import type { MailOutboxRepository } from "./outbox-repository";

/** What a mail is about: the owner of that row is told when it went out or was given up. */
export interface MailAbout {
  purpose: string;
  subjectId?: number;
}

export interface MailOutcomeHandlers {
  sent?(subjectId: number | null, at: Date): Promise<void>;
  failed?(subjectId: number | null, error: string): Promise<void>;
}

export interface MailOutboxLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

const batchSize = 20;
/** Longer than any send may take (the mailer's own limit), so a live run keeps its claim. */
const leaseMs = 10 * 60_000;
const firstRetryMs = 60_000;
const longestRetryMs = 60 * 60_000;
/** About two days of tries (1, 2, 4 ... 60 minutes) before a mail is given up. */
export const mailAttempts = 50;

/** The wait after a failed attempt: doubling from a minute, at most an hour. */
export const retryDelayMs = (attempts: number) =>
  Math.min(longestRetryMs, firstRetryMs * 2 ** Math.max(0, attempts - 1));

/**
 * The one way mail leaves the site (issue 33, decision 223): `enqueue` stores the mail and
 * returns at once, `deliverDue` (the `mail:outbox` job) sends what is due, retries a mail the
 * server put off or could not take (doubling waits up to an hour) and gives up on one it
 * refused for good (5xx). Without SMTP_URL mails wait in the outbox; callers that need mail to
 * work at all (sign-up verification) ask `configured` first.
 */
export function createMailOutbox(deps: {
  repository: MailOutboxRepository;
  mailer: Mailer;
  log?: MailOutboxLogger;
}) {
  const { repository, mailer, log } = deps;
  const handlers = new Map<string, MailOutcomeHandlers>();
  const queuedListeners: Array<() => void> = [];
  const wake = () => {
    for (const listener of queuedListeners) listener();
  };

  async function deliver(row: MailOutboxRow, now: Date): Promise<"sent" | "retry" | "failed"> {
    const message: MailMessage = {
      to: row.recipient,
      subject: row.subject,
      text: row.textBody,
      ...(row.htmlBody ? { html: row.htmlBody } : {}),
      ...(row.replyTo ? { replyTo: row.replyTo } : {}),
      ...(row.headers ? { headers: row.headers } : {}),
    };
    const handler = handlers.get(row.purpose);
    try {
      await mailer.send(message);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof MailError && error.permanent;
      if (permanent || row.attempts >= mailAttempts) {
        await repository.markFailed(row.id, reason);
        await handler?.failed?.(row.subjectId, reason);
        log?.warn({ mailId: row.id, purpose: row.purpose, reason }, "mail given up");
        return "failed";
      }
      await repository.retryAt(
        row.id,
        new Date(now.getTime() + retryDelayMs(row.attempts)),
        reason,
      );
      log?.warn({ mailId: row.id, purpose: row.purpose, reason }, "mail put off; will retry");
      return "retry";
    }
    const at = new Date();
    await repository.markSent(row.id, at);
    await handler?.sent?.(row.subjectId, at);
    return "sent";
  }

  return {
    /** False without SMTP_URL: mails wait in the outbox until it is set. */
    get configured() {
      return mailer.configured;
    },

    /** How the owner of a purpose hears that its mail went out or was given up. */
    onOutcome(purpose: string, outcome: MailOutcomeHandlers) {
      handlers.set(purpose, outcome);
    },

    /** Called after each enqueue (the app asks the job to run now rather than at its next turn). */
    onQueued(listener: () => void) {
      queuedListeners.push(listener);
    },

    /**
     * Stores a mail to be sent; returns at once, whatever the mail server is doing. Inside a
     * caller's transaction (`tx`) the job is not woken: the mail is not visible before the
     * commit, so the caller calls `wake()` after it.
     */
    async enqueue(message: MailMessage, about: MailAbout, tx?: Executor): Promise<void> {
      await repository.insert(
        {
          recipient: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html ?? null,
          replyTo: message.replyTo ?? null,
          headers: message.headers ?? null,
          purpose: about.purpose,
          subjectId: about.subjectId ?? null,
        },
        tx,
      );
      if (!tx) wake();
    },

    /** Asks the job to run now for mails queued in a transaction that has committed. */
    wake,

    /** One run of the job: sends every mail that is due, batch by batch. */
    async deliverDue(
      signal?: AbortSignal,
      now = new Date(),
    ): Promise<{ sent: number; retrying: number; failed: number }> {
      const result = { sent: 0, retrying: 0, failed: 0 };
      if (!mailer.configured) return result;
      while (!signal?.aborted) {
        const batch = await repository.claimDue(now, new Date(now.getTime() + leaseMs), batchSize);
        if (batch.length === 0) break;
        for (const row of batch) {
          if (signal?.aborted) {
            // Not tried: free again at once rather than after the lease.
            await repository.retryAt(row.id, now, row.lastError ?? "not tried: the run stopped");
            continue;
          }
          const outcome = await deliver(row, now);
          if (outcome === "sent") result.sent += 1;
          else if (outcome === "retry") result.retrying += 1;
          else result.failed += 1;
        }
      }
      if (result.retrying || result.failed) log?.info(result, "mail outbox run");
      return result;
    },

    pendingCount: () => repository.pendingCount(),
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
