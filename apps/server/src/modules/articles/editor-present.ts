import type { RevisionSnapshot } from "@aurumwire/shared/article-editor";
import type { Article } from "@aurumwire/shared/articles";
import type { ArticleRow } from "../../db/schema";
import type { ArticleRefs, ArticleSummaryRow } from "./editor-repository";

/**
 * Row -> API mapping for the newsroom's answers. The public read side (issue 3) brings its own
 * `toArticle`; once it is on main this file gives way to it, so there is one mapping.
 */
export function toEditorArticle(
  row: ArticleSummaryRow & { content?: string },
  refs: ArticleRefs,
): Article {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    ...(row.content !== undefined ? { content: row.content } : {}),
    featuredImage: row.featuredImage,
    categoryId: row.categoryId,
    category: refs.category,
    author: refs.author,
    tags: row.tags,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    viewCount: row.viewCount,
    likeCount: row.likeCount,
    isFeatured: row.isFeatured,
    isPremium: row.isPremium,
    isActive: row.isActive,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    readingTime: row.readingTime,
    generateImage: row.generateImage,
  };
}

/** What a revision keeps of an article. */
export function toRevisionSnapshot(row: ArticleRow): RevisionSnapshot {
  return {
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    categoryId: row.categoryId,
    tags: row.tags,
    featuredImage: row.featuredImage,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    isPremium: row.isPremium,
    isFeatured: row.isFeatured,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}
