import type { Article } from "@aurumwire/shared/articles";
import { formatDate } from "@aurumwire/shared/format";
import { dateFormats } from "@aurumwire/shared/limits";

/** An article date as 'MMM dd, yyyy' (spec point 9); missing or unreadable dates read 'Just now'. */
export function formatArticleDate(value: string | null | undefined): string {
  return formatDate(value, dateFormats.articles);
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

const countFormat = new Intl.NumberFormat("en-US");

export function formatCount(value: number): string {
  return countFormat.format(value);
}
