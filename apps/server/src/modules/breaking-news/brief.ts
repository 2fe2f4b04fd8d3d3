import { limits } from "@aurumwire/shared/limits";
import { sanitizeArticleHtml } from "../../lib/article-html";
import { escapeHtml } from "../../lib/html-entities";

/**
 * The non-AI article made from a breaking-news item: its title, its summary, who reported it and a
 * link to the full story, clearly marked as a brief. Until the AI writer lands this is the whole
 * article; it claims nothing the source did not say. Its HTML goes through the site's article
 * sanitizer like any other article body.
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

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

export function composeBrief(item: BriefSource): Brief {
  const source = escapeHtml(item.source);
  const sourceLink = item.link
    ? `<a href="${escapeHtml(item.link)}">${source}</a>`
    : `<strong>${source}</strong>`;
  const note = item.isFallback
    ? `<p><em>AurumWire brief:</em> a short explainer from the ${source} desk.</p>`
    : `<p><em>Breaking news brief:</em> a short summary of a report by ${sourceLink}. The full story is at the source.</p>`;
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
    content: sanitizeArticleHtml(`${note}${summary}${attribution}`),
    tags: [...new Set([...item.tags, "brief"])].slice(0, 10),
    metaTitle: cut(item.title, limits.metaTitleMax),
    metaDescription: cut(excerptText, limits.metaDescriptionMax),
  };
}
