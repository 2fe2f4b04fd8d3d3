import { createHash } from "node:crypto";
import { videoEmbedHosts } from "@aurumwire/shared/rich-text";

/**
 * The Content-Security-Policy. Scripts run only from our origin or with the per-request nonce the
 * server renderer puts on its inline scripts; styles may be inline because MUI (emotion) injects
 * them at run time. Images may come from https (featured images can be absolute URLs); embeds
 * only from the video hosts the article sanitizer allows.
 */
export function contentSecurityPolicy(nonce?: string): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: nonce ? ["'self'", `'nonce-${nonce}'`] : ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:", "https:"],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    // The same hosts the article sanitizer lets through (decision 134).
    frameSrc: videoEmbedHosts.map((host) => `https://${host}`),
    mediaSrc: ["'self'", "https:"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
  };
}

export function contentSecurityPolicyHeader(nonce?: string): string {
  return Object.entries(contentSecurityPolicy(nonce))
    .map(
      ([name, values]) =>
        `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(" ")}`,
    )
    .join("; ");
}

/**
 * The policy for a page kept in the shared page cache (decision 073): everyone who gets the cached
 * copy would share its nonce, and a nonce known to everyone protects nothing. The nonce is replaced
 * by the SHA-256 hashes of the page's own inline scripts, so exactly those run and no injected
 * `<script nonce=...>` does. The nonce attributes left in the HTML then match no policy entry.
 */
export function policyForSharedPage(policy: string, html: string): string {
  if (!/'nonce-[^']*'/.test(policy)) return policy;
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1])) continue;
    hashes.add(`'sha256-${createHash("sha256").update(match[2], "utf8").digest("base64")}'`);
  }
  return policy.replace(/\s*'nonce-[^']*'/, hashes.size ? ` ${[...hashes].join(" ")}` : "");
}
