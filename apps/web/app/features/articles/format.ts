import type { Article } from "@aurumwire/shared/articles";
import { formatCount } from "../../lib/numbers";

/**
 * What a card shows of an article. Pages send cards only these fields in their loader data (the
 * data repeated in the page for hydration): half the size of whole articles on a list page.
 */
export type CardArticle = Pick<
  Article,
  | "id"
  | "slug"
  | "title"
  | "excerpt"
  | "featuredImage"
  | "category"
  | "viewCount"
  | "readingTime"
  | "publishedAt"
  | "highlight"
> & { author: Pick<Article["author"], "id" | "firstName" | "lastName"> };

export function toCardArticle(article: Article): CardArticle {
  const card: CardArticle = {
    id: article.id,
    slug: article.slug,
    title: article.title,
    excerpt: article.excerpt,
    featuredImage: article.featuredImage,
    category: article.category,
    author: {
      id: article.author.id,
      firstName: article.author.firstName,
      lastName: article.author.lastName,
    },
    viewCount: article.viewCount,
    readingTime: article.readingTime,
    publishedAt: article.publishedAt,
  };
  if (article.highlight) card.highlight = article.highlight;
  return card;
}

export function authorName(article: Pick<CardArticle, "author">): string {
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

/** '1 view', '2,310 views'. */
export function formatViews(value: number): string {
  return `${formatCount(value)} ${value === 1 ? "view" : "views"}`;
}
