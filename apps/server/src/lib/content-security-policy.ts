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
    frameSrc: [
      "https://www.youtube.com",
      "https://www.youtube-nocookie.com",
      "https://player.vimeo.com",
    ],
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
