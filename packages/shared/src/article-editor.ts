import { z } from "zod";
import { articleReviewSchema } from "./article-review";
import {
  articleInputSchema,
  articleSchema,
  articleStatuses,
  authorRefSchema,
  paginationSchema,
} from "./articles";
import { databaseId } from "./database-id";
import { partialUpdateSchema } from "./partial-update";

/**
 * Contracts of the newsroom's write side: the editor, the management list and revisions.
 * The create body is `articleInputSchema` (articles.ts); PUT takes any subset of it, so the list
 * can send `{ isFeatured }` or `{ status, publishedAt }` alone (spec point 7).
 */
export const articleUpdateSchema = partialUpdateSchema(articleInputSchema);
export type ArticleUpdate = z.output<typeof articleUpdateSchema>;

export const articleIdParamsSchema = z.object({
  id: databaseId("Article id must be a positive number"),
});

export const articleResponseSchema = z.object({ article: articleSchema });
export type ArticleResponse = z.infer<typeof articleResponseSchema>;

/** Counts behind the dashboard home's stat cards. */
export const articleStatsSchema = z.object({
  total: z.number(),
  /** Out now; `scheduled` are published with a date still to come. */
  published: z.number(),
  scheduled: z.number(),
  drafts: z.number(),
  archived: z.number(),
  totalViews: z.number(),
});
export type ArticleStats = z.infer<typeof articleStatsSchema>;

export const articleStatsQuerySchema = z.object({
  authorId: databaseId().optional(),
});

/** The management list: no article bodies, they can be long; each with its review state. */
export const adminArticleListResponseSchema = z.object({
  articles: z.array(
    articleSchema.omit({ content: true }).extend({ review: articleReviewSchema.nullable() }),
  ),
  pagination: paginationSchema,
});
export type AdminArticleListResponse = z.infer<typeof adminArticleListResponseSchema>;

/** The fields a revision keeps: what an author or editor writes, not the counters. */
export const revisionSnapshotSchema = z.object({
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  categoryId: z.number().nullable(),
  tags: z.array(z.string()),
  featuredImage: z.string().nullable(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  isPremium: z.boolean(),
  isFeatured: z.boolean(),
  status: z.enum(articleStatuses),
  publishedAt: z.string().nullable(),
});
export type RevisionSnapshot = z.infer<typeof revisionSnapshotSchema>;

export const revisionSummarySchema = z.object({
  id: z.number(),
  articleId: z.number(),
  createdAt: z.string(),
  /** Who made the change that replaced this version. */
  editor: authorRefSchema.nullable(),
  title: z.string(),
  status: z.enum(articleStatuses),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;

export const revisionListResponseSchema = z.object({ revisions: z.array(revisionSummarySchema) });

export const revisionDetailSchema = revisionSummarySchema.extend({
  snapshot: revisionSnapshotSchema,
});
export type RevisionDetail = z.infer<typeof revisionDetailSchema>;

export const revisionParamsSchema = z.object({
  id: databaseId(),
  revisionId: databaseId(),
});

/** How many earlier versions are kept per article; older ones are pruned on save. */
export const revisionsKept = 50;

/**
 * POST /api/admin/articles/preview-html: the editor's HTML as the server would store it, for
 * /preview (which shows a draft from local storage and must not render it unsanitized).
 */
export const articlePreviewRequestSchema = z.object({
  content: z.string({ error: "Content is required" }),
});
export const articlePreviewResponseSchema = z.object({ content: z.string() });
export type ArticlePreviewResponse = z.infer<typeof articlePreviewResponseSchema>;

/**
 * The Idempotency-Key header of a create (a form's submit, sent again on a double click or a
 * retry): the same key from the same author makes one article.
 */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .regex(/^[\w.:-]{8,128}$/, "Idempotency-Key must be 8 to 128 letters, digits or - _ . :");
export const idempotencyHeadersSchema = z.object({
  "idempotency-key": idempotencyKeySchema.optional(),
});
