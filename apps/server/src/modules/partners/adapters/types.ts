import {
  type AddressGuard,
  OutboundError,
  type OutboundSendRequest,
  sendRequest,
} from "../../../lib/outbound-http";

/**
 * The one interface every partner adapter speaks (decision 110, issue 28): WordPress, Ghost and
 * the signed webhook each live in their own file behind it.
 */

export type PartnerKind = "wordpress" | "ghost" | "webhook";

/** One of our images the article uses: a partner may want its own copy (decision 170). */
export interface PartnerImage {
  /** The address as it stands in our HTML or as the cover (often /uploads/...). */
  src: string;
  /** The same, absolute with PUBLIC_URL: what a reader of the partner can load from us. */
  absoluteUrl: string;
  /** Stable key for the partner-copy cache (our storage key, else the absolute address). */
  key: string;
  alt: string;
  caption: string;
  load(): Promise<{ bytes: Uint8Array; filename: string; contentType: string } | null>;
}

export interface PartnerArticle {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  /** Sanitized HTML with every src, srcset and href absolute (PUBLIC_URL). */
  html: string;
  /** The author's name ("" when unknown) and e-mail (for Ghost's authors). */
  byline: string;
  authorEmail: string | null;
  category: { name: string; slug: string } | null;
  tags: string[];
  publishedAt: Date | null;
  updatedAt: Date;
  /** Our article page: the canonical link partners keep, and how we find the post again. */
  canonicalUrl: string;
  cover: PartnerImage | null;
  /** The images inside the body, each once. */
  bodyImages: PartnerImage[];
}

export interface PartnerConnectionSettings {
  id: number;
  kind: PartnerKind;
  url: string;
  username: string | null;
  secret: string;
  postStatus: string;
  siteName: string;
}

export interface PublishResult {
  remoteId: string;
  remoteUrl: string | null;
}

/** What an adapter remembers per connection between calls (partner copies, term ids). */
export interface RemoteRefs {
  get(kind: string, key: string): Promise<{ remoteId: string; remoteUrl: string | null } | null>;
  set(
    kind: string,
    key: string,
    value: { remoteId: string; remoteUrl: string | null },
  ): Promise<void>;
}

export interface PublishOptions {
  /** Set: update that post (a re-send). The post's status is never changed by an update. */
  remoteId?: string | null;
  pushId: number;
  signal?: AbortSignal;
}

export interface PartnerAdapter {
  /** Creates the remote post, or updates it when remoteId is given (a re-send). */
  publish(article: PartnerArticle, options: PublishOptions): Promise<PublishResult>;
  /**
   * After an unknown outcome (time-out, cut connection): the post we may have created, found by
   * its canonical link. null = surely not there; undefined = this platform cannot tell.
   */
  find(article: PartnerArticle, signal?: AbortSignal): Promise<PublishResult | null | undefined>;
  /** Takes the post down on the partner (unpublish or trash); gone already counts as done. */
  withdraw(remoteId: string, article: PartnerArticle, signal?: AbortSignal): Promise<string>;
  /** A read-only credential check: nothing is created. Answers what it saw. */
  check(signal?: AbortSignal): Promise<string>;
}

/** The partner no longer has the post (deleted there): only "send again as new" can help. */
export class RemoteGoneError extends Error {
  constructor(
    message: string,
    public readonly status: number,
  ) {
    super(message);
    this.name = "RemoteGoneError";
  }
}

/** Something about the connection itself is wrong (no REST API there, refused key): said plainly. */
export class PartnerSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PartnerSetupError";
  }
}

export const partnerTimeouts = { timeoutMs: 15_000, maxBytes: 2 * 1024 * 1024 };
/** Every call's limits, and the address guard of a staff-set address (decision 220). */
export type Limits = typeof partnerTimeouts & { guard?: AddressGuard };

/** Every adapter request: the outbound rules (time, size, 429) in one place. */
export function partnerRequest(
  request: Omit<OutboundSendRequest, "timeoutMs" | "maxBytes">,
  limits: Limits,
) {
  return sendRequest({ ...request, ...limits });
}

export function parseJson<T>(body: string, what: string): T {
  try {
    return JSON.parse(body) as T;
  } catch {
    throw new OutboundError("malformed", `${what} answered with something that is not JSON`);
  }
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] as string,
  );
}

/** The credit line under the article: who wrote it, and where it first appeared. */
export function creditLine(article: PartnerArticle, siteName: string): string {
  const by = article.byline ? `By ${escapeHtml(article.byline)}. ` : "";
  return `<p class="aurumwire-credit"><em>${by}Originally published by <a href="${escapeHtml(article.canonicalUrl)}">${escapeHtml(siteName)}</a>.</em></p>`;
}

/** Replaces each of our image addresses in the body with the partner's copy. */
export function rewriteImages(html: string, copies: Map<string, string>): string {
  if (copies.size === 0) return html;
  return html.replace(/<img\b[^>]*>/gi, (tag) => {
    const src = tag.match(/\bsrc\s*=\s*"([^"]*)"/i)?.[1];
    const copy = src ? copies.get(src) : undefined;
    if (!copy) return tag;
    // The partner's copy has one size: our srcset would point back at us.
    return tag
      .replace(/\s(srcset|sizes)\s*=\s*"[^"]*"/gi, "")
      .replace(/\bsrc\s*=\s*"[^"]*"/i, `src="${escapeHtml(copy)}"`);
  });
}

export function isStatus(error: unknown, ...statuses: number[]): boolean {
  return error instanceof OutboundError && statuses.includes(error.status ?? 0);
}
