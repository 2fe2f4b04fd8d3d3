import type { categoryInputSchema } from "@aurumwire/shared/articles";
import type {
  CategoryDeleteQuery,
  CategoryOutput,
  CategoryUpdate,
} from "@aurumwire/shared/category-admin";
import { nextFreeSlug, slugify } from "@aurumwire/shared/slugs";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client";
import { badRequest, conflict, notFound } from "../../errors";
import type { ArticleEditorService } from "../articles/editor-service";
import type { AuditActor, AuditService } from "../audit/service";
import type { CategoryEditorRepository } from "./editor-repository";
import { toCategoryOutput } from "./present";

type CategoryInputParsed = z.output<typeof categoryInputSchema>;

const plural = (count: number, word: string, words: string) =>
  `${count} ${count === 1 ? word : words}`;

/**
 * Category management (editors and admins): slugs stay unique, the tree stays a tree, and a
 * category with articles or subcategories is only deleted when the request says where they go.
 */
export function createCategoryEditorService(deps: {
  db: Database;
  repository: CategoryEditorRepository;
  /** Deleting a category files its articles under another: the articles' owner writes them. */
  articles: Pick<ArticleEditorService, "moveCategory">;
  onContentChanged: () => void;
  /** The audit log (decision 203): category changes. */
  audit: Pick<AuditService, "record">;
}) {
  const { db, repository, onContentChanged, audit } = deps;

  /** Ids of `id` and everything below it. */
  async function subtreeOf(id: number, tx: Executor): Promise<Set<number>> {
    const links = await repository.parentLinks(tx);
    const subtree = new Set([id]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const link of links) {
        if (link.parentId !== null && subtree.has(link.parentId) && !subtree.has(link.id)) {
          subtree.add(link.id);
          grew = true;
        }
      }
    }
    return subtree;
  }

  async function checkParent(
    parentId: number | null | undefined,
    selfId: number | null,
    tx: Executor,
  ) {
    if (parentId === null || parentId === undefined) return;
    if (!(await repository.findById(parentId, tx))) {
      throw badRequest("Please check your input: Please select a valid parent category", {
        parentId: "Please select a valid parent category",
      });
    }
    if (selfId !== null && (await subtreeOf(selfId, tx)).has(parentId)) {
      throw badRequest("A category cannot be placed under itself or one of its subcategories.", {
        parentId: "Choose a parent outside this category's branch",
      });
    }
  }

  /** A slug typed by the user must be free (409); one made from the name gets a -2, -3 suffix. */
  async function resolveSlug(
    requested: string | undefined,
    name: string,
    selfId: number | undefined,
    tx: Executor,
  ): Promise<string> {
    if (requested) {
      const taken = await repository.slugsLike(requested, selfId, tx);
      if (taken.includes(requested)) {
        throw conflict(
          `The slug "${requested}" is already used by another category.`,
          "slug_taken",
          {
            slug: "This slug is already in use",
          },
        );
      }
      return requested;
    }
    const base = slugify(name);
    return nextFreeSlug(base, await repository.slugsLike(base, selfId, tx));
  }

  async function present(id: number, tx: Executor = db): Promise<CategoryOutput> {
    const found = await repository.findWithCount(id, tx);
    if (!found) throw notFound("Category not found");
    return toCategoryOutput(found.category, found.articleCount);
  }

  return {
    /** The id of a category the system files articles under, created when missing. */
    async ensureCategory(
      values: { name: string; slug: string; color: string; description: string },
      tx: Executor,
    ): Promise<number> {
      return repository.insertIfMissing(values, tx);
    },

    async list(): Promise<CategoryOutput[]> {
      const rows = await repository.listWithCounts();
      return rows.map((row) => toCategoryOutput(row.category, row.articleCount));
    },

    async create(actor: AuditActor, parsed: CategoryInputParsed): Promise<CategoryOutput> {
      const category = await db.transaction(async (tx) => {
        await checkParent(parsed.parentId, null, tx);
        const row = await repository.insert(
          {
            name: parsed.name,
            slug: await resolveSlug(parsed.slug, parsed.name, undefined, tx),
            color: parsed.color,
            description: parsed.description || null,
            parentId: parsed.parentId ?? null,
            isActive: parsed.isActive,
          },
          tx,
        );
        await audit.record(actor, "category.create", {
          target: { type: "category", id: row.id },
          summary: row.name,
          after: row,
          tx,
        });
        return present(row.id, tx);
      });
      onContentChanged();
      return category;
    },

    async update(actor: AuditActor, id: number, patch: CategoryUpdate): Promise<CategoryOutput> {
      const category = await db.transaction(async (tx) => {
        const row = await repository.findById(id, tx);
        if (!row) throw notFound("Category not found");
        if (patch.parentId !== undefined) await checkParent(patch.parentId, id, tx);
        const change: Parameters<CategoryEditorRepository["update"]>[1] = {};
        if (patch.name !== undefined) change.name = patch.name;
        if (patch.slug !== undefined && patch.slug !== row.slug) {
          change.slug = await resolveSlug(patch.slug, patch.name ?? row.name, id, tx);
        }
        if (patch.color !== undefined) change.color = patch.color;
        if (patch.description !== undefined) change.description = patch.description || null;
        if (patch.parentId !== undefined) change.parentId = patch.parentId ?? null;
        if (patch.isActive !== undefined) change.isActive = patch.isActive;
        await repository.update(id, change, tx);
        await audit.record(actor, "category.update", {
          target: { type: "category", id },
          summary: row.name,
          before: row,
          after: { ...row, ...change },
          tx,
        });
        return present(id, tx);
      });
      onContentChanged();
      return category;
    },

    async remove(actor: AuditActor, id: number, query: CategoryDeleteQuery) {
      const result = await db.transaction(async (tx) => {
        const row = await repository.findById(id, tx);
        if (!row) throw notFound("Category not found");
        const { articleCount, childCount } = await repository.countUsage(id, tx);
        const missing: Record<string, string> = {};
        if (articleCount > 0 && query.moveArticlesTo === undefined) {
          missing.moveArticlesTo = `Choose a category for its ${plural(articleCount, "article", "articles")}`;
        }
        if (childCount > 0 && query.moveChildrenTo === undefined) {
          missing.moveChildrenTo = `Choose where its ${plural(childCount, "subcategory", "subcategories")} ${childCount === 1 ? "goes" : "go"}`;
        }
        if (Object.keys(missing).length > 0) {
          const parts = [
            articleCount > 0 ? plural(articleCount, "article", "articles") : null,
            childCount > 0 ? plural(childCount, "subcategory", "subcategories") : null,
          ].filter(Boolean);
          throw conflict(
            `"${row.name}" still has ${parts.join(" and ")}. Choose where they go before deleting it.`,
            "category_in_use",
            missing,
          );
        }
        const subtree = await subtreeOf(id, tx);
        let movedArticles = 0;
        let movedChildren = 0;
        if (articleCount > 0 && query.moveArticlesTo !== undefined) {
          const target = query.moveArticlesTo;
          if (target === id || !(await repository.findById(target, tx))) {
            throw badRequest("Choose another existing category for the articles.", {
              moveArticlesTo: "Please select a valid category",
            });
          }
          movedArticles = await deps.articles.moveCategory(id, target, tx);
        }
        if (childCount > 0 && query.moveChildrenTo !== undefined) {
          const target = query.moveChildrenTo === "root" ? null : query.moveChildrenTo;
          if (
            target !== null &&
            (subtree.has(target) || !(await repository.findById(target, tx)))
          ) {
            throw badRequest(
              "Choose the top level or a category outside this branch for the subcategories.",
              { moveChildrenTo: "Please select a valid parent category" },
            );
          }
          movedChildren = await repository.moveChildren(id, target, tx);
        }
        await repository.delete(id, tx);
        await audit.record(actor, "category.delete", {
          target: { type: "category", id },
          summary: row.name,
          before: row,
          tx,
        });
        return { deleted: true as const, movedArticles, movedChildren };
      });
      onContentChanged();
      return result;
    },
  };
}

export type CategoryEditorService = ReturnType<typeof createCategoryEditorService>;
