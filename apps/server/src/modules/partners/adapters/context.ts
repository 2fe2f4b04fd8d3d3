import type { OutboundError } from "../../../lib/outbound-http";
import {
  creditLine,
  isStatus,
  type Limits,
  type PartnerArticle,
  type PartnerConnectionSettings,
  type PartnerImage,
  RemoteGoneError,
  type RemoteRefs,
  rewriteImages,
} from "./types";

/**
 * What every platform adapter is made of (one connection's settings, the call limits, what the
 * connection remembers, the clock), and the steps WordPress and Ghost take alike: each of our
 * images copied to the partner once, the body rewritten to the copies with the credit line, and
 * a 404/410 on an existing post read as "deleted there".
 */
export interface AdapterContext {
  settings: PartnerConnectionSettings;
  limits: Limits;
  refs: RemoteRefs;
  now: () => number;
  /** The partner's host, as messages name it. */
  host: string;
}

export function adapterContext(
  settings: PartnerConnectionSettings,
  limits: Limits,
  refs: RemoteRefs,
  now: () => number,
): AdapterContext {
  let host = settings.url;
  try {
    host = new URL(settings.url).host;
  } catch {
    // Not an address: messages name what was entered.
  }
  return { settings, limits, refs, now, host };
}

export type RemoteCopy = { remoteId: string; remoteUrl: string | null };

/**
 * Our image on the partner, uploaded once per connection (`kind` is the cache's name for it);
 * null when it cannot be read or the partner refused it (the body keeps our absolute address).
 */
export async function copyOnce(
  context: AdapterContext,
  kind: string,
  image: PartnerImage,
  upload: (
    file: NonNullable<Awaited<ReturnType<PartnerImage["load"]>>>,
  ) => Promise<RemoteCopy | null>,
): Promise<RemoteCopy | null> {
  const cached = await context.refs.get(kind, image.key);
  if (cached) return cached;
  const file = await image.load();
  if (!file) return null;
  const copy = await upload(file);
  if (copy) await context.refs.set(kind, image.key, copy);
  return copy;
}

/** A file name a partner accepts in an upload. */
export const uploadName = (filename: string) => filename.replace(/[^\w.-]/g, "_");

/**
 * The body a partner gets: each body image replaced by the partner's copy (`copy` answers its
 * address, null keeps ours), then the credit line (`credit` decides the byline shown).
 */
export async function partnerBody(
  context: AdapterContext,
  article: PartnerArticle,
  copy: (image: PartnerImage) => Promise<string | null>,
  credit: PartnerArticle = article,
): Promise<string> {
  const copies = new Map<string, string>();
  for (const image of article.bodyImages) {
    const url = await copy(image);
    if (url) copies.set(image.absoluteUrl, url);
  }
  return `${rewriteImages(article.html, copies)}\n${creditLine(credit, context.settings.siteName)}`;
}

/** An error on an existing post: a 404/410 means the partner deleted it (send again as new). */
export function goneOr(error: unknown, context: AdapterContext): unknown {
  if (!isStatus(error, 404, 410)) return error;
  return new RemoteGoneError(
    `The post was deleted on ${context.host}.`,
    (error as OutboundError).status ?? 404,
  );
}
