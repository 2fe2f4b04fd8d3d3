import { createHash } from "node:crypto";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { decodeHtmlEntities } from "../../lib/html-entities";

/**
 * Reads RSS 2.0, RSS 1.0 (RDF) and Atom documents into plain items. Titles and summaries come out
 * as plain text (markup removed, entities decoded): they are escaped again wherever they are shown.
 */

export interface ParsedFeedItem {
  /** De-duplication key: the guid (scoped to the feed's host unless it is a URI), else the link. */
  dedupeKey: string;
  title: string;
  summary: string;
  link: string | null;
  publishedAt: Date | null;
  tags: string[];
  /** The addresses its body links to (a syndicated copy of our story links our article). */
  links: string[];
}

export interface ParsedFeed {
  /** The channel or feed title, else the host it came from. */
  source: string;
  items: ParsedFeedItem[];
}

export class FeedFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FeedFormatError";
  }
}

const maxItemsPerFeed = 50;
const maxTitleLength = 300;
const maxSummaryLength = 1000;
const maxTags = 8;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  textNodeName: "#text",
  // dc:date -> date, content:encoded -> encoded, rdf:RDF -> RDF: one code path for all dialects.
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ["item", "entry", "category", "link", "subject"].includes(name),
});

/** Markup to plain text: drop scripts, styles and tags, decode entities, squeeze whitespace. */
export function toPlainText(value: string): string {
  const withoutTags = value
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<[^>]*>/g, " ");
  return decodeHtmlEntities(withoutTags).replace(/\s+/g, " ").trim();
}

function truncateOnWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (Array.isArray(value)) return textOf(value[0]);
  if (typeof value === "object") return textOf((value as Record<string, unknown>)["#text"]);
  return "";
}

const trackingParameter = /^(utm_[a-z]+|fbclid|gclid|mc_cid|mc_eid)$/i;

/** Absolute http(s) link without tracking parameters or fragment; null when there is none. */
export function normalizeLink(raw: string, base: string): string | null {
  const trimmed = raw.trim();
  if (!trimmed) return null;
  let url: URL;
  try {
    url = new URL(trimmed, base);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.hash = "";
  for (const name of [...url.searchParams.keys()]) {
    if (trackingParameter.test(name)) url.searchParams.delete(name);
  }
  return url.toString();
}

function pickLink(value: unknown, base: string): string | null {
  const candidates = Array.isArray(value) ? value : value === undefined ? [] : [value];
  let fallback: string | null = null;
  for (const candidate of candidates) {
    if (typeof candidate === "string") return normalizeLink(candidate, base);
    if (candidate && typeof candidate === "object") {
      const entry = candidate as Record<string, unknown>;
      const href = typeof entry["@_href"] === "string" ? entry["@_href"] : textOf(entry);
      const rel = entry["@_rel"];
      const link = normalizeLink(href, base);
      if (!link) continue;
      if (rel === undefined || rel === "alternate") return link;
      fallback ??= link;
    }
  }
  return fallback;
}

const keywordTags: [string, RegExp][] = [
  ["bitcoin", /\b(bitcoin|btc)\b/i],
  ["ethereum", /\b(ethereum|ether|eth)\b/i],
  ["defi", /\b(defi|decentrali[sz]ed finance)\b/i],
  ["nft", /\bnfts?\b/i],
  ["regulation", /\b(sec|regulat\w*|lawsuit|court)\b/i],
  ["trading", /\b(etf|trading|traders?|rally|sell-?off)\b/i],
];

function tagsFor(categories: unknown, title: string): string[] {
  const list = Array.isArray(categories)
    ? categories
    : categories === undefined
      ? []
      : [categories];
  const tags = new Set<string>();
  for (const category of list) {
    const term =
      category && typeof category === "object" && "@_term" in category
        ? String((category as Record<string, unknown>)["@_term"])
        : textOf(category);
    const tag = toPlainText(term).toLowerCase().slice(0, 40).trim();
    if (tag) tags.add(tag);
  }
  for (const [tag, pattern] of keywordTags) if (pattern.test(title)) tags.add(tag);
  return [...tags].slice(0, maxTags);
}

function parseDate(value: unknown, now: Date): Date | null {
  const text = textOf(value);
  if (!text) return null;
  const time = Date.parse(text);
  if (Number.isNaN(time)) return null;
  // A clock that runs ahead (or a typo in the feed) must not pin an item to the top for days.
  return time > now.getTime() + 60 * 60_000 ? now : new Date(time);
}

function dedupeKeyFor(guid: string, link: string | null, title: string, host: string): string {
  const trimmedGuid = guid.trim();
  if (trimmedGuid) {
    // A URI (http:, urn:, tag:) is global; a bare number or slug only means something in its feed.
    return /^[a-z][a-z0-9+.-]*:/i.test(trimmedGuid) ? trimmedGuid : `${host}#${trimmedGuid}`;
  }
  if (link) return link;
  return `${host}#title:${createHash("sha256").update(title).digest("hex").slice(0, 32)}`;
}

/** Parses a feed document; throws FeedFormatError for malformed XML or a document that is no feed. */
export function parseFeed(xml: string, feedUrl: string, now = new Date()): ParsedFeed {
  const validation = XMLValidator.validate(xml);
  if (validation !== true) {
    throw new FeedFormatError(`malformed XML (line ${validation.err.line}: ${validation.err.msg})`);
  }
  let document: Record<string, unknown>;
  try {
    document = parser.parse(xml) as Record<string, unknown>;
  } catch (error) {
    throw new FeedFormatError(`unreadable XML: ${(error as Error).message}`);
  }
  const host = new URL(feedUrl).host;
  const rss = document.rss as Record<string, unknown> | undefined;
  const rdf = document.RDF as Record<string, unknown> | undefined;
  const atom = document.feed as Record<string, unknown> | undefined;

  let source: string;
  let rawItems: unknown[];
  let dialect: "rss" | "atom";
  if (rss && typeof rss === "object") {
    const channel = (rss.channel ?? {}) as Record<string, unknown>;
    source = toPlainText(textOf(channel.title));
    rawItems = (channel.item as unknown[]) ?? [];
    dialect = "rss";
  } else if (rdf && typeof rdf === "object") {
    const channel = (rdf.channel ?? {}) as Record<string, unknown>;
    source = toPlainText(textOf(channel.title));
    rawItems = (rdf.item as unknown[]) ?? [];
    dialect = "rss";
  } else if (atom && typeof atom === "object") {
    source = toPlainText(textOf(atom.title));
    rawItems = (atom.entry as unknown[]) ?? [];
    dialect = "atom";
  } else {
    throw new FeedFormatError("the document is neither RSS nor Atom");
  }

  const items: ParsedFeedItem[] = [];
  const seen = new Set<string>();
  for (const raw of rawItems.slice(0, maxItemsPerFeed)) {
    if (!raw || typeof raw !== "object") continue;
    const entry = raw as Record<string, unknown>;
    const title = truncateOnWord(toPlainText(textOf(entry.title)), maxTitleLength);
    if (!title) continue;
    const link = pickLink(entry.link, feedUrl);
    const guid = dialect === "atom" ? textOf(entry.id) : textOf(entry.guid);
    const summarySource =
      dialect === "atom"
        ? textOf(entry.summary) || textOf(entry.content)
        : textOf(entry.description) || textOf(entry.encoded);
    const bodies = [entry.summary, entry.content, entry.description, entry.encoded].map(textOf);
    const links = [
      ...new Set(
        bodies.flatMap((body) =>
          [...body.matchAll(/href\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1]),
        ),
      ),
    ];
    const dedupeKey = dedupeKeyFor(guid, link, title, host);
    // A feed that lists the same item twice is one item.
    if (seen.has(dedupeKey) || (link && seen.has(link))) continue;
    seen.add(dedupeKey);
    if (link) seen.add(link);
    items.push({
      dedupeKey,
      title,
      summary: truncateOnWord(toPlainText(summarySource), maxSummaryLength),
      link,
      publishedAt:
        dialect === "atom"
          ? parseDate(entry.published ?? entry.updated, now)
          : parseDate(entry.pubDate ?? entry.date, now),
      links,
      tags: tagsFor(dialect === "atom" ? entry.category : (entry.category ?? entry.subject), title),
    });
  }
  return { source: source || host, items };
}
