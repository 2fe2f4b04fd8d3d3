import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { escapeHtml } from "../../lib/html-entities";

/** A form posted without JavaScript (newsletter box, contact form): answered with a page. */
export const postedByForm = (request: FastifyRequest) =>
  (request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");

/** Lets the routes of one plugin read a form posted without JavaScript. */
export function acceptPostedForms(app: FastifyInstance, bodyLimit: number) {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}

/** Answers with renderMessagePage, never cached. */
export function sendMessagePage(
  reply: FastifyReply,
  status: number,
  page: Parameters<typeof renderMessagePage>[0],
) {
  return reply
    .status(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .send(renderMessagePage(page));
}

/**
 * A small HTML page for what a reader reaches from a link in an e-mail (confirm, unsubscribe,
 * verify) or a form posted without JavaScript: one heading, one sentence, a way back.
 */
export function renderMessagePage(options: {
  siteName: string;
  title: string;
  message: string;
  link?: { href: string; label: string };
}): string {
  const { siteName, title, message } = options;
  const link = options.link ?? { href: "/", label: `Back to ${siteName}` };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(siteName)}</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0b0b0f;color:#f5f5f5;font:16px/1.6 system-ui,sans-serif}
main{max-width:560px;margin:24px;padding:32px;border:1px solid rgba(255,215,0,.3);border-radius:12px;background:#15151c}
h1{margin:0 0 12px;color:#ffd700;font-size:1.6rem}
a{color:#ffd700}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>
</main>
</body>
</html>
`;
}
