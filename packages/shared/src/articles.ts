import { z } from "zod";
import { databaseId, idTooLargeMessage, maxDatabaseId } from "./database-id";
import { limits } from "./limits";

export const articleStatuses = ["draft", "published", "archived"] as const;
export type ArticleStatus = (typeof articleStatuses)[number];

/** Text length of HTML as a reader sees it: tags dropped, entities counted as one character. */
export function htmlTextLength(html: string): number {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&[#\w]+;/g, " ")
    .trim().length;
}

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => value || null);

/**
 * The article form of spec point 5, used by the editor form and the server alike. The spec's
 * messages are kept word for word. The form's status dropdown offers draft and published; the
 * management list may also archive, so the server accepts all three.
 */
export const articleInputSchema = z.object({
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .min(limits.titleMin, "Title must be at least 10 characters")
    .max(limits.titleMax, "Title must be less than 200 characters")
    .describe("Spaces around it are not counted"),
  excerpt: z
    .string({ error: "Excerpt is required" })
    .trim()
    .min(1, "Excerpt is required")
    .min(limits.excerptMin, "Excerpt must be at least 50 characters")
    .max(limits.excerptMax, "Excerpt must be less than 500 characters")
    .describe("Spaces around it are not counted"),
  // The OpenAPI document is generated from this schema (public-api/openapi.ts): a rule a refine
  // checks is stated in its description (and as minLength where the raw string must meet it), so a
  // client that follows the document is never refused for a rule it was not told.
  content: z
    .string({ error: "Content is required" })
    .min(1, "Content is required")
    .refine((html) => htmlTextLength(html) > 0, "Content is required")
    .min(limits.contentMin, "Content must be at least 100 characters")
    .refine(
      (html) => htmlTextLength(html) >= limits.contentMin,
      "Content must be at least 100 characters",
    )
    .describe(
      `The body as HTML (sanitized on save): at least ${limits.contentMin} characters of text, tags not counted`,
    ),
  categoryId: z.coerce
    .number({ error: "Category is required" })
    .int("Please select a valid category")
    .positive("Please select a valid category")
    .max(maxDatabaseId, idTooLargeMessage),
  tags: z
    .array(z.string().trim().min(1).max(50, "A tag must be at most 50 characters"))
    .max(20, "An article can have at most 20 tags")
    .default([])
    .transform((tags) => [...new Set(tags.map((tag) => tag.toLowerCase()))]),
  metaTitle: optionalText(limits.metaTitleMax, "Meta title must be less than 60 characters"),
  metaDescription: optionalText(
    limits.metaDescriptionMax,
    "Meta description must be less than 160 characters",
  ),
  featuredImage: z
    .string()
    .trim()
    .max(2000)
    .refine(
      (value) => value === "" || /^https?:\/\//i.test(value) || value.startsWith("/"),
      "Featured image must be an http(s) URL or an uploaded image path",
    )
    .meta({
      pattern: "^$|^[Hh][Tt][Tt][Pp][Ss]?://|^/",
      description: "An http(s) URL, or the path of an image uploaded here (starts with /)",
    })
    .nullish()
    .transform((value) => value || null),
  status: z.enum(articleStatuses, { error: "Status must be draft or published" }).default("draft"),
  isFeatured: z.boolean().default(false),
  isPremium: z.boolean().default(false),
  generateImage: z.boolean().default(false),
  /** A future date schedules a published article. */
  publishedAt: z.iso
    .datetime({ offset: true, error: "Published date must be an ISO date-time" })
    .nullish(),
});
export type ArticleInput = z.input<typeof articleInputSchema>;
export type ArticleInputParsed = z.output<typeof articleInputSchema>;

export const articleSortFields = [
  "publishedAt",
  "createdAt",
  "updatedAt",
  "title",
  "viewCount",
  "likeCount",
] as const;

/** Query of GET /api/articles (spec point 7 plus categorySlug, tag, featured, premium). */
export const articleListQuerySchema = z.object({
  page: z.coerce.number().int().min(1, "page must be 1 or more").default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, "limit must be 1 or more")
    .default(limits.defaultPageSize)
    .transform((limit) => Math.min(limit, limits.maxPageSize)),
  offset: z.coerce.number().int().min(0, "offset must be 0 or more").optional(),
  status: z.enum([...articleStatuses, "all"]).optional(),
  categoryId: databaseId().optional(),
  categorySlug: z.string().trim().min(1).max(100).optional(),
  search: z.string().trim().max(200).optional(),
  tag: z.string().trim().min(1).max(50).optional(),
  featured: z.enum(["true", "false"]).optional(),
  premium: z.enum(["true", "false"]).optional(),
  authorId: databaseId().optional(),
  sortBy: z
    .enum(articleSortFields, { error: `sortBy must be one of ${articleSortFields.join(", ")}` })
    .optional(),
  sortOrder: z.enum(["asc", "desc"], { error: "sortOrder must be asc or desc" }).optional(),
});
export type ArticleListQuery = z.infer<typeof articleListQuerySchema>;

export const paginationSchema = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  totalPages: z.number(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const categoryRefSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  color: z.string(),
});

export const authorRefSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable().optional(),
});

/**
 * One piece of a search-result snippet: plain text (never HTML; clients render it as text) and
 * whether it is one of the searched words.
 */
export const highlightPartSchema = z.object({ text: z.string(), match: z.boolean() });
export type HighlightPart = z.infer<typeof highlightPartSchema>;

/** What the API says about an article (spec point 3): the allowlist for every article answer. */
export const articleSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string().optional(),
  featuredImage: z.string().nullable(),
  categoryId: z.number().nullable(),
  category: categoryRefSchema.nullable(),
  author: authorRefSchema,
  tags: z.array(z.string()),
  status: z.enum(articleStatuses),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  viewCount: z.number(),
  likeCount: z.number(),
  isFeatured: z.boolean(),
  isPremium: z.boolean(),
  isActive: z.boolean(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  readingTime: z.number(),
  generateImage: z.boolean(),
  relevanceScore: z.number().optional(),
  matchReason: z.string().optional(),
  /** Only in search results: ~200 characters of text around the first match (decision 064). */
  highlight: z
    .array(highlightPartSchema)
    .optional()
    .describe(
      "Search results only: a short plain-text snippet around the first place the searched words occur, in parts; parts with match true are the searched words.",
    ),
});
export type Article = z.infer<typeof articleSchema>;

export const articleListResponseSchema = z.object({
  articles: z.array(articleSchema),
  pagination: paginationSchema,
});
export type ArticleListResponse = z.infer<typeof articleListResponseSchema>;

export const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "Colour must be a hex colour like #FFD700");

export const categoryInputSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(80, "Name must be at most 80 characters"),
  slug: z
    .string()
    .trim()
    .max(100)
    .regex(
      /^[a-z0-9]+(-[a-z0-9]+)*$/,
      "Slug may only contain lowercase letters, numbers and dashes",
    )
    .optional()
    .or(z.literal("").transform(() => undefined)),
  color: hexColor.default("#FFD700"),
  description: z.string().trim().max(500).nullish(),
  parentId: z.number().int().positive().max(maxDatabaseId, idTooLargeMessage).nullish(),
  isActive: z.boolean().default(true),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

export type Category = {
  id: number;
  name: string;
  slug: string;
  color: string;
  description: string | null;
  parentId: number | null;
  isActive: boolean;
  articleCount: number;
  children?: Category[];
};

/** Reading time in minutes at 230 words a minute, at least 1. */
export function readingTimeMinutes(html: string): number {
  const words = html
    .replace(/<[^>]*>/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.round(words / 230));
}

/** A query-string flag: "true"/"1" or "false"/"0". */
export const queryFlag = z
  .enum(["true", "false", "1", "0"], { error: "must be true or false" })
  .transform((value) => value === "true" || value === "1");

/** What the API says about a category (spec point 3), children only in the hierarchy view. */
export const categorySchema: z.ZodType<Category> = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  color: z.string(),
  description: z.string().nullable(),
  parentId: z.number().nullable(),
  isActive: z.boolean(),
  articleCount: z.number(),
  get children() {
    return z.array(categorySchema).optional();
  },
});

/** GET /api/categories. articleCount is always included; the flag is accepted for old clients. */
export const categoryListQuerySchema = z.object({
  includeHierarchy: queryFlag.optional(),
  includeInactive: queryFlag.optional(),
  articleCount: queryFlag.optional(),
});

const smallLimit = (fallback: number, max: number) =>
  z.coerce
    .number()
    .int()
    .min(1, "limit must be 1 or more")
    .default(fallback)
    .transform((limit) => Math.min(limit, max));

export const trendingQuerySchema = z.object({ limit: smallLimit(10, 50) });
export const featuredQuerySchema = z.object({ limit: smallLimit(10, limits.featuredListSize) });
export const popularTimeframes = ["day", "week", "month"] as const;
export type PopularTimeframe = (typeof popularTimeframes)[number];
export const popularQuerySchema = z.object({
  limit: smallLimit(10, 50),
  timeframe: z
    .enum(popularTimeframes, { error: "timeframe must be day, week or month" })
    .default("week"),
});
export const relatedQuerySchema = z.object({
  limit: smallLimit(limits.relatedArticlesDefault, 20),
});

export const articleListOnlySchema = z.object({ articles: z.array(articleSchema) });

/** GET /api/articles/:id/related (spec point 3: articles, algorithm, computed_at). */
export const relatedArticlesResponseSchema = z.object({
  articles: z.array(articleSchema),
  algorithm: z.string(),
  computed_at: z.string(),
});
export type RelatedArticlesResponse = z.infer<typeof relatedArticlesResponseSchema>;

/** The X-Session-ID a reader's tab sends with view tracking. */
export const viewSessionIdSchema = z
  .string({ error: "The X-Session-ID header is required" })
  .trim()
  .regex(/^[\w.:-]{8,128}$/, "X-Session-ID must be 8 to 128 letters, digits or - _ . :");

export const viewResponseSchema = z.object({
  success: z.boolean(),
  counted: z.boolean(),
  viewCount: z.number(),
  /** Given with a counted view: lets the page send its read-through once (analytics). */
  viewToken: z.string().optional(),
});
export const likeResponseSchema = z.object({ liked: z.boolean(), likeCount: z.number() });
