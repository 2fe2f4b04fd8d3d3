import { asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { type CategoryRow, categories } from "../../db/schema";

export function createCategoriesRepository(db: Executor) {
  return {
    async listAll(tx: Executor = db): Promise<CategoryRow[]> {
      return tx.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.name));
    },

    async findBySlug(slug: string, tx: Executor = db): Promise<CategoryRow | undefined> {
      const [row] = await tx.select().from(categories).where(eq(categories.slug, slug)).limit(1);
      return row;
    },
  };
}

export type CategoriesRepository = ReturnType<typeof createCategoriesRepository>;
