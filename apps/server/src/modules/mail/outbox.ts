import type { Executor } from "../../db/client";
import { backoffMs, type WorkQueue } from "../../lib/work-queue";
import { MailError, type Mailer, type MailMessage } from "./mailer";

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

/** A queued mail: the message and what it is about (the work queue's payload). */
interface QueuedMail {
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  replyTo: string | null;
  headers: Record<string, string> | null;
  purpose: string;
  subjectId: number | null;
}

/** The work queue's kind for mail (its job has the same name). */
export const mailWorkKind = "mail:outbox";
const firstRetryMs = 60_000;
const longestRetryMs = 60 * 60_000;
/** About two days of tries (1, 2, 4 ... 60 minutes) before a mail is given up. */
export const mailAttempts = 50;

/** The wait after a failed attempt: doubling from a minute, at most an hour. */
export const retryDelayMs = (attempts: number) => backoffMs(attempts, firstRetryMs, longestRetryMs);

/**
 * The one way mail leaves the site (issue 33, decision 223): `enqueue` stores the mail on the
 * work queue (decision 183) and returns at once, `deliverDue` (the `mail:outbox` job) sends what
 * is due, retries a mail the server put off or could not take (doubling waits up to an hour) and
 * gives up on one it refused for good (5xx). Without SMTP_URL mails wait in the queue; callers
 * that need mail to work at all (sign-up verification) ask `configured` first.
 */
export function createMailOutbox(deps: {
  queue: WorkQueue;
  mailer: Mailer;
  log?: MailOutboxLogger;
}) {
  const { mailer, log } = deps;
  const mails = deps.queue.kind<QueuedMail>(mailWorkKind, {
    // Longer than any send may take (the mailer's own limit), so a live run keeps its claim.
    leaseMs: 10 * 60_000,
    maxAttempts: mailAttempts,
    firstRetryMs,
    longestRetryMs,
    batchSize: 20,
  });
  const handlers = new Map<string, MailOutcomeHandlers>();
  const queuedListeners: Array<() => void> = [];
  const wake = () => {
    for (const listener of queuedListeners) listener();
  };

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
    async enqueue(message: MailMessage, mailAbout: MailAbout, tx?: Executor): Promise<void> {
      await mails.enqueue(
        {
          recipient: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html ?? null,
          replyTo: message.replyTo ?? null,
          headers: message.headers ?? null,
          purpose: mailAbout.purpose,
          subjectId: mailAbout.subjectId ?? null,
        },
        tx ? { tx } : {},
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
      if (!mailer.configured) return { sent: 0, retrying: 0, failed: 0 };
      const { done, retrying, failed } = await mails.run({
        signal,
        now,
        handle: async ({ payload: mail }) => {
          await mailer.send({
            to: mail.recipient,
            subject: mail.subject,
            text: mail.textBody,
            ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
            ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
            ...(mail.headers ? { headers: mail.headers } : {}),
          });
        },
        isPermanent: (error) => error instanceof MailError && error.permanent,
        onDone: async ({ payload }, at) => {
          await handlers.get(payload.purpose)?.sent?.(payload.subjectId, at);
        },
        onRetry: ({ id, payload }, reason) => {
          log?.warn({ mailId: id, purpose: payload.purpose, reason }, "mail put off; will retry");
        },
        onGivenUp: async ({ id, payload }, reason) => {
          await handlers.get(payload.purpose)?.failed?.(payload.subjectId, reason);
          log?.warn({ mailId: id, purpose: payload.purpose, reason }, "mail given up");
        },
      });
      const result = { sent: done, retrying, failed };
      if (retrying || failed) log?.info(result, "mail outbox run");
      return result;
    },

    pendingCount: () => mails.pendingCount(),
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
