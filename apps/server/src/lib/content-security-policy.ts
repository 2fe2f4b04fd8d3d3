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
export function policyForSharedPage(policy: string, page: Uint8Array): string {
  if (!/'nonce-[^']*'/.test(policy)) return policy;
  const bytes = Buffer.from(page.buffer, page.byteOffset, page.byteLength);
  // The page is searched as latin1, one character per byte, so a match's index is its byte offset
  // (no byte of a multi-byte UTF-8 character is ASCII, so none can look like "<script" or ">"),
  // and each script is hashed from its own UTF-8 bytes, which is what CSP hashes. Decoding the
  // page as UTF-8 instead took ~0.8 ms for a 64 KB article with a few non-ASCII characters on
  // Node 20, ~14% of an uncached render (decision 313, "Stop 49").
  const text = bytes.toString("latin1");
  const hashes = new Set<string>();
  for (const match of text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1])) continue;
    const start = match.index + "<script".length + match[1].length + ">".length;
    const script = bytes.subarray(start, start + match[2].length);
    hashes.add(`'sha256-${createHash("sha256").update(script).digest("base64")}'`);
  }
  return policy.replace(/\s*'nonce-[^']*'/, hashes.size ? ` ${[...hashes].join(" ")}` : "");
}
