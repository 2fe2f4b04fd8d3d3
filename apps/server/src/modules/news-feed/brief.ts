import { limits } from "@aurumwire/shared/limits";
import sanitizeHtml from "sanitize-html";

/**
 * The non-AI article made from a breaking-news item: its title, its summary, who reported it and a
 * link to the full story, clearly marked as a brief. Until the AI writer lands this is the whole
 * article; it claims nothing the source did not say.
 */

export interface BriefSource {
  title: string;
  summary: string;
  source: string;
  /** Absolute URL at the source, or a path on this site for the built-in headlines. */
  link: string | null;
  tags: string[];
  isFallback: boolean;
}

export interface Brief {
  title: string;
  excerpt: string;
  content: string;
  tags: string[];
  metaTitle: string;
  metaDescription: string;
}

/** The strict allowlist a brief's HTML passes through before it is saved. */
const briefSanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: ["p", "em", "strong", "a", "aside"],
  allowedAttributes: { a: ["href", "rel", "target"], aside: ["class"] },
  allowedClasses: { aside: ["article-brief-note"] },
  allowedSchemes: ["http", "https"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // Links to other sites open apart and carry neither our referrer nor our window handle.
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href ?? "";
      if (href.startsWith("/") && !href.startsWith("//")) return { tagName, attribs: { href } };
      return {
        tagName,
        attribs: { href, rel: "nofollow noopener noreferrer", target: "_blank" },
      };
    },
  },
};

export function sanitizeBriefHtml(html: string): string {
  return sanitizeHtml(html, briefSanitizeOptions);
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** URL slug from a title: lower case ASCII words joined by hyphens, at most 80 characters. */
export function slugFromTitle(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug || "breaking-news";
}

export function composeBrief(item: BriefSource): Brief {
  const source = escapeHtml(item.source);
  const sourceLink = item.link
    ? `<a href="${escapeHtml(item.link)}">${source}</a>`
    : `<strong>${source}</strong>`;
  const note = item.isFallback
    ? `<aside class="article-brief-note"><p><em>AurumWire brief:</em> a short explainer from the ${source} desk.</p></aside>`
    : `<aside class="article-brief-note"><p><em>Breaking news brief:</em> a short summary of a report by ${sourceLink}. The full story is at the source.</p></aside>`;
  const summary = item.summary
    ? `<p>${escapeHtml(item.summary)}</p>`
    : "<p>The source published no summary with this headline; the full story is at the link below.</p>";
  let attribution = `<p>Source: ${sourceLink}.</p>`;
  if (item.link && item.isFallback) {
    attribution = `<p>More on this topic: <a href="${escapeHtml(item.link)}">${source} coverage</a>.</p>`;
  } else if (item.link) {
    attribution = `<p>Source: ${sourceLink}. <a href="${escapeHtml(item.link)}">Read the full story</a>.</p>`;
  }
  const excerptText = item.summary || item.title;
  return {
    title: cut(item.title, limits.titleMax),
    excerpt: cut(excerptText, limits.excerptMax),
    content: sanitizeBriefHtml(`${note}${summary}${attribution}`),
    tags: [...new Set([...item.tags, "brief"])].slice(0, 10),
    metaTitle: cut(item.title, limits.metaTitleMax),
    metaDescription: cut(excerptText, limits.metaDescriptionMax),
  };
}
