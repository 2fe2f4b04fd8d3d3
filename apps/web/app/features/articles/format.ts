import type { Article } from "@aurumwire/shared/articles";

const monthNames = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
];

/**
 * An article date as 'MMM dd, yyyy' (spec point 9), in UTC so the server's HTML and the browser's
 * hydration agree. Missing or unreadable dates read 'Just now' (spec point 8).
 */
export function formatArticleDate(value: string | null | undefined): string {
  if (!value) return "Just now";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "Just now";
  const day = String(date.getUTCDate()).padStart(2, "0");
  return `${monthNames[date.getUTCMonth()]} ${day}, ${date.getUTCFullYear()}`;
}

export function authorName(article: Pick<Article, "author">): string {
  return `${article.author.firstName} ${article.author.lastName}`.trim();
}

export const placeholderImage = "/placeholder-cover.svg";

/** Site paths stay relative (same host); absolute URLs pass; nothing gives the placeholder. */
export function articleImage(article: Pick<Article, "featuredImage">): string {
  return article.featuredImage || placeholderImage;
}

export function articlePath(article: Pick<Article, "slug" | "id">): string {
  return `/article/${article.slug || article.id}`;
}

export function formatCount(value: number): string {
  return value.toLocaleString("en-US");
}
