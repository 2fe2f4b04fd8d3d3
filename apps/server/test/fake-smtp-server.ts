import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A mail the fake server took: envelope, headers and the decoded text of every part. */
export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
  /** Header lines unfolded, names in lower case (the first of each). */
  headers: Record<string, string>;
  subject: string;
  /** The raw message with quoted-printable undone: what a reader sees, links whole. */
  text: string;
}

/** What the server does with the next messages. */
export type SmtpBehaviour = "accept" | "reject-permanent" | "reject-temporary" | "hang";

function unfoldHeaders(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? "";
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] ??= line.slice(colon + 1).trim();
  }
  return headers;
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
}

/**
 * A local SMTP server (smtp-server from npm) on 127.0.0.1 and a random port that captures what
 * the app sends, and can refuse (550, 451) or never answer, as real mail servers do.
 */
export async function startFakeSmtpServer(
  options: {
    port?: number;
    /** Told of each mail it took, before the client hears "250" (a test can stop the sender). */
    onAccepted?: (mail: CapturedMail, count: number) => void;
  } = {},
) {
  const mails: CapturedMail[] = [];
  let behaviour: SmtpBehaviour = "accept";
  const hanging: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (behaviour === "hang") {
          hanging.push(() => callback(new Error("closing")));
          return;
        }
        if (behaviour !== "accept") {
          const error = Object.assign(
            new Error(behaviour === "reject-permanent" ? "Mailbox unavailable" : "Try again later"),
            { responseCode: behaviour === "reject-permanent" ? 550 : 451 },
          );
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const headers = unfoldHeaders(raw);
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
          headers,
          subject: headers.subject ?? "",
          text: decodeQuotedPrintable(raw),
        });
        options.onAccepted?.(mails.at(-1)!, mails.length);
        callback();
      });
    },
  });
  // A given port: the same server back after an outage (the app keeps its SMTP_URL).
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    setBehaviour(next: SmtpBehaviour) {
      behaviour = next;
    },
    /** Mails to one address, oldest first. */
    mailsTo(address: string) {
      return mails.filter((mail) => mail.to.includes(address));
    },
    /** The first link in a mail that starts with this address prefix. */
    linkIn(mail: CapturedMail, prefix: string): string {
      const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const match = new RegExp(`${escaped}[^\\s"<>]+`).exec(mail.text);
      if (!match) throw new Error(`no link starting ${prefix} in mail "${mail.subject}"`);
      return match[0].replace(/&amp;/g, "&");
    },
    async close() {
      for (const release of hanging.splice(0)) release();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
