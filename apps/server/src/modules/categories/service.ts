import type { Category } from "@aurumwire/shared/articles";
import type { CategoryRow } from "../../db/schema";
import { notFound } from "../../errors";
import type { PageCache } from "../../lib/page-cache/store";
import { articleListsTag } from "../articles/cache-tags";
import type { ArticleReads } from "../articles/reads-service";
import { toCategoryOutput } from "./present";
import type { CategoriesRepository } from "./repository";

export interface CategoryListOptions {
  includeHierarchy?: boolean;
  includeInactive?: boolean;
}

/**
 * Category reads. A category's articleCount includes its subcategories' public articles, the same
 * set its category page lists.
 */
export function createCategoriesService(deps: {
  repository: CategoriesRepository;
  /** How many public articles each category holds directly (the articles' reads). */
  articleCounts: ArticleReads["publicArticleCounts"];
  cache: PageCache;
}) {
  const { repository, cache } = deps;

  /** Every category with counts, as a flat list in display order; cached with public reads. */
  function loadAll(): Promise<Category[]> {
    return cache.memo(
      "categories:all",
      async () => {
        const [rows, counts] = await Promise.all([repository.listAll(), deps.articleCounts()]);
        const childrenOf = new Map<number | null, CategoryRow[]>();
        for (const row of rows) {
          const siblings = childrenOf.get(row.parentId) ?? [];
          siblings.push(row);
          childrenOf.set(row.parentId, siblings);
        }
        const totalCount = (row: CategoryRow, seen: Set<number>): number => {
          if (seen.has(row.id)) return 0; // a cycle written by hand in the database
          seen.add(row.id);
          let total = counts.get(row.id) ?? 0;
          for (const child of childrenOf.get(row.id) ?? []) total += totalCount(child, seen);
          return total;
        };
        return rows.map((row) => toCategoryOutput(row, totalCount(row, new Set())));
        // The counts follow the public articles; a category change drops every cached read anyway.
      },
      () => [articleListsTag],
    );
  }

  /** The category and every category below it (a page of "Markets" lists Trading too). */
  function descendantIds(all: Category[], rootId: number, includeInactive: boolean): number[] {
    const ids = [rootId];
    for (let index = 0; index < ids.length; index += 1) {
      for (const category of all) {
        if (
          category.parentId === ids[index] &&
          (includeInactive || category.isActive) &&
          !ids.includes(category.id)
        )
          ids.push(category.id);
      }
    }
    return ids;
  }

  return {
    async list(options: CategoryListOptions = {}): Promise<Category[]> {
      const all = await loadAll();
      const visible = options.includeInactive ? all : all.filter((category) => category.isActive);
      if (!options.includeHierarchy) return visible;
      const visibleIds = new Set(visible.map((category) => category.id));
      const byParent = new Map<number | null, Category[]>();
      for (const category of visible) {
        // A child of a hidden (inactive) parent is shown at the top level rather than lost.
        const parent =
          category.parentId !== null && visibleIds.has(category.parentId)
            ? category.parentId
            : null;
        byParent.set(parent, [...(byParent.get(parent) ?? []), category]);
      }
      const build = (category: Category): Category => ({
        ...category,
        children: (byParent.get(category.id) ?? []).map(build),
      });
      return (byParent.get(null) ?? []).map(build);
    },

    /** A category by slug; inactive ones only for staff. */
    async getBySlug(slug: string, options: { includeInactive?: boolean } = {}): Promise<Category> {
      const all = await loadAll();
      const category = all.find((item) => item.slug === slug);
      if (!category || (!category.isActive && !options.includeInactive)) {
        throw notFound("Category not found", "category_not_found");
      }
      return category;
    },

    /** Ids of one category (by slug) and its subcategories, for article filters. */
    async idsForSlugs(slugs: string[], options: { includeInactive?: boolean } = {}) {
      const all = await loadAll();
      const ids = new Set<number>();
      for (const slug of slugs) {
        const category = all.find((item) => item.slug === slug);
        if (!category || (!category.isActive && !options.includeInactive)) continue;
        for (const id of descendantIds(all, category.id, !!options.includeInactive)) ids.add(id);
      }
      return [...ids];
    },

    async idsForCategory(id: number, options: { includeInactive?: boolean } = {}) {
      const all = await loadAll();
      return all.some((category) => category.id === id)
        ? descendantIds(all, id, !!options.includeInactive)
        : [id];
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
