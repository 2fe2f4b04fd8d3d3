import { z } from "zod";
import { categoryInputSchema, categoryRefSchema } from "./articles";
import { databaseId, idTooLargeMessage, maxDatabaseId } from "./database-id";
import { partialUpdateSchema } from "./partial-update";

/** Contracts of category management (editor and admin): create, edit, delete, the full list. */
export const categoryUpdateSchema = partialUpdateSchema(categoryInputSchema);
export type CategoryUpdate = z.output<typeof categoryUpdateSchema>;

/** What the API says about a category (spec point 3), flat; the screen builds the tree. */
export const categoryOutputSchema = categoryRefSchema.extend({
  description: z.string().nullable(),
  parentId: z.number().nullable(),
  isActive: z.boolean(),
  /** Every article in it, whatever its status: what a delete would have to move. */
  articleCount: z.number(),
});
export type CategoryOutput = z.infer<typeof categoryOutputSchema>;

export const categoryResponseSchema = z.object({ category: categoryOutputSchema });
export const adminCategoryListResponseSchema = z.object({
  categories: z.array(categoryOutputSchema),
});

export const categoryIdParamsSchema = z.object({
  id: databaseId("Category id must be a positive number"),
});

/**
 * A category with articles or subcategories is only deleted when the request says where they go:
 * articles to another category, subcategories to another category or to the top level ("root").
 */
export const categoryDeleteQuerySchema = z.object({
  moveArticlesTo: z.coerce
    .number({ error: "moveArticlesTo must be a category id" })
    .int()
    .positive("moveArticlesTo must be a category id")
    .max(maxDatabaseId, idTooLargeMessage)
    .optional(),
  moveChildrenTo: z
    .union([z.literal("root"), databaseId("moveChildrenTo must be a category id or root")])
    .optional(),
});
export type CategoryDeleteQuery = z.infer<typeof categoryDeleteQuerySchema>;

export const categoryDeleteResponseSchema = z.object({
  deleted: z.literal(true),
  movedArticles: z.number(),
  movedChildren: z.number(),
});
