import type { Article, HighlightPart } from "@aurumwire/shared/articles";
import type { ArticleRow } from "../../db/schema";

/**
 * An article row as the repositories read it: the article's own columns (the body only where it
 * was asked for, never the search vectors) plus its category and author references.
 */
export type ArticleRecord = Omit<ArticleRow, "content" | "searchVector" | "searchSummaryVector"> & {
  content?: string;
  category: { id: number; name: string; slug: string; color: string } | null;
  author: { id: number; firstName: string; lastName: string; avatar: string | null };
};

/**
 * The one mapping from a stored article to what the API says about it (shared articleSchema is
 * the allowlist). The dashboard, the public API and the web app's loaders all use it.
 */
export function toArticle(
  record: ArticleRecord,
  extra: { relevanceScore?: number; matchReason?: string; highlight?: HighlightPart[] } = {},
): Article {
  return {
    id: record.id,
    slug: record.slug,
    title: record.title,
    excerpt: record.excerpt,
    ...(record.content !== undefined ? { content: record.content } : {}),
    featuredImage: record.featuredImage,
    categoryId: record.categoryId,
    category: record.category,
    author: record.author,
    tags: record.tags,
    status: record.status,
    publishedAt: record.publishedAt?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    viewCount: record.viewCount,
    likeCount: record.likeCount,
    isFeatured: record.isFeatured,
    isPremium: record.isPremium,
    isActive: record.isActive,
    metaTitle: record.metaTitle,
    metaDescription: record.metaDescription,
    readingTime: record.readingTime,
    generateImage: record.generateImage,
    ...extra,
  };
}
