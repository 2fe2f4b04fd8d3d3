import type { CategoryOutput } from "@aurumwire/shared/category-admin";
import type { CategoryRow } from "../../db/schema";

/** A category row as the API answers it, with the article count the caller worked out. */
export function toCategoryOutput(row: CategoryRow, articleCount: number): CategoryOutput {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    color: row.color,
    description: row.description,
    parentId: row.parentId,
    isActive: row.isActive,
    articleCount,
  };
}
