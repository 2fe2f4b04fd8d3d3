import nodemailer from "nodemailer";

/** One e-mail: plain text always (every client reads it), HTML when the sender has it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/**
 * Why a mail did not go out. `permanent`: the server refused it for good (5xx, a bad address);
 * otherwise it may work later (4xx, a time-out, the server away), and callers try again.
 */
export class MailError extends Error {
  constructor(
    message: string,
    public readonly permanent: boolean,
  ) {
    super(message);
    this.name = "MailError";
  }
}

export interface Mailer {
  /** False without SMTP_URL: nothing is sent and callers keep their work pending. */
  readonly configured: boolean;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * The e-mail adapter (architecture.md: SMTP through nodemailer). Configured by SMTP_URL
 * (smtp://user:pass@host:587, smtps://... for implicit TLS) and MAIL_FROM. Time limits keep a
 * server that accepts connections and never answers from holding a job or a request.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  timeoutMs?: number;
}): Mailer {
  const { smtpUrl, from } = options;
  if (!smtpUrl) {
    return {
      configured: false,
      async send() {
        throw new MailError("E-mail is not configured (SMTP_URL is not set).", false);
      },
      close() {},
    };
  }
  const timeoutMs = options.timeoutMs ?? 15_000;
  const transport = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    configured: true,
    async send(message) {
      let timer: NodeJS.Timeout | undefined;
      // The whole exchange is limited too: a server that takes the data and never says whether
      // it accepted it must not hold a request or a job run.
      const overall = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () =>
            reject(
              Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: "ETIMEDOUT" }),
            ),
          timeoutMs,
        );
        timer.unref();
      });
      try {
        const sending = transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          ...(message.headers ? { headers: message.headers } : {}),
        });
        sending.catch(() => {}); // settled by the race below; a late failure is not unhandled
        await Promise.race([sending, overall]);
      } catch (error) {
        const { responseCode, message: text } = error as {
          responseCode?: number;
          message?: string;
        };
        const permanent = typeof responseCode === "number" && responseCode >= 500;
        throw new MailError(
          `The mail server did not take the message${responseCode ? ` (${responseCode})` : ""}: ${text ?? String(error)}`,
          permanent,
        );
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      transport.close();
    },
  };
}
