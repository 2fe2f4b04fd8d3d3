import { z } from "zod";
import { categoryRefSchema, paginationSchema } from "./articles";
import { databaseId } from "./database-id";
import { limits } from "./limits";
import { roles } from "./roles";

/**
 * Shapes of the public content API under /public/ that are not article shapes (those come from
 * ./articles). Each answer names what it holds: { categories }, { users, pagination },
 * { analytics }.
 */

export const publicCategorySchema = categoryRefSchema.extend({
  description: z.string().nullable(),
  parentId: z.number().nullable(),
  /** Published articles readers can see in this category. */
  articleCount: z.number(),
});
export type PublicCategory = z.infer<typeof publicCategorySchema>;

export const publicCategoryListResponseSchema = z.object({
  categories: z.array(publicCategorySchema),
});

/** An author as readers see them on article pages: no email, no account state. */
export const publicAuthorSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(roles),
  avatar: z.string().nullable(),
  bio: z.string().nullable(),
  /** Published articles by this author. */
  articleCount: z.number(),
});
export type PublicAuthor = z.infer<typeof publicAuthorSchema>;

export const publicUsersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(limits.maxPageSize).default(limits.defaultPageSize),
});

export const publicUserListResponseSchema = z.object({
  users: z.array(publicAuthorSchema),
  pagination: paginationSchema,
});

const isoDate = z.iso.date({ error: "Use a date like 2024-12-15" });

/** Analytics ranges are whole UTC days; at most a year per request. */
export const analyticsMaxDays = 366;
export const analyticsDefaultDays = 30;

export const analyticsQuerySchema = z.object({
  from: isoDate
    .optional()
    .describe(
      `First day (UTC), default 29 days before \`to\`; not after \`to\`, and at most ${analyticsMaxDays} days from \`from\` to \`to\``,
    ),
  to: isoDate.optional().describe("Last day (UTC), default today"),
  articleId: databaseId().optional().describe("Only this article"),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(limits.maxPageSize)
    .default(limits.defaultPageSize)
    .describe("How many articles in perArticle, most viewed first"),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

export const analyticsResponseSchema = z.object({
  analytics: z.object({
    from: z.string(),
    to: z.string(),
    totalViews: z.number(),
    perDay: z.array(z.object({ date: z.string(), views: z.number() })),
    perArticle: z.array(
      z.object({
        articleId: z.number(),
        slug: z.string(),
        title: z.string(),
        views: z.number(),
      }),
    ),
  }),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;

/** The standard rate-limit headers every authenticated answer of the public API carries. */
export const rateLimitHeaders = {
  limit: "ratelimit-limit",
  remaining: "ratelimit-remaining",
  reset: "ratelimit-reset",
  policy: "ratelimit-policy",
} as const;
