// A local SMTP server for the e2e run (smtp-server from npm): it takes every mail the app sends on
// FAKE_SMTP_PORT and lists them as JSON on FAKE_SMTP_HTTP_PORT (GET /mails?to=address), so specs
// can open the links in them. Nothing leaves the machine.
import { createServer } from "node:http";
import { SMTPServer } from "smtp-server";

const smtpPort = Number(process.env.FAKE_SMTP_PORT);
const httpPort = Number(process.env.FAKE_SMTP_HTTP_PORT);
const mails = [];

/** The message with quoted-printable undone, so links are whole. */
const decode = (raw) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex) => String.fromCharCode(Number.parseInt(hex, 16)));

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const subject = /^Subject: (.*)$/im.exec(raw)?.[1] ?? "";
      mails.push({
        to: session.envelope.rcptTo.map((recipient) => recipient.address),
        subject,
        text: decode(raw),
      });
      callback();
    });
  },
});
smtp.listen(smtpPort, "127.0.0.1");

createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  const to = url.searchParams.get("to");
  const list = to ? mails.filter((mail) => mail.to.includes(to)) : mails;
  response.writeHead(200, { "content-type": "application/json" });
  response.end(JSON.stringify(list));
}).listen(httpPort, "127.0.0.1");

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(0));
