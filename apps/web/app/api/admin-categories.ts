import type { CategoryInput } from "@aurumwire/shared/articles";
import type { CategoryOutput } from "@aurumwire/shared/category-admin";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../lib/api-client";

/** Category management calls, and the full list the editor's category select uses. */

export const categoryKeys = { all: ["admin-categories"] as const };

export function useAdminCategories() {
  return useQuery({
    queryKey: categoryKeys.all,
    queryFn: async () =>
      (await api.get<{ categories: CategoryOutput[] }>("/admin/categories")).categories,
  });
}

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: number; body: CategoryInput }) => {
      const response = id
        ? await api.put<{ category: CategoryOutput }>(`/categories/${id}`, body)
        : await api.post<{ category: CategoryOutput }>("/categories", body);
      return response.category;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      moveArticlesTo,
      moveChildrenTo,
    }: {
      id: number;
      moveArticlesTo?: number;
      moveChildrenTo?: number | "root";
    }) => {
      const params = new URLSearchParams();
      if (moveArticlesTo) params.set("moveArticlesTo", String(moveArticlesTo));
      if (moveChildrenTo) params.set("moveChildrenTo", String(moveChildrenTo));
      const query = params.size ? `?${params}` : "";
      return api.delete<{ deleted: true; movedArticles: number; movedChildren: number }>(
        `/categories/${id}${query}`,
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}

export type CategoryNode = CategoryOutput & { children: CategoryNode[]; depth: number };

/** The flat list as a tree (spec: parentId and children), siblings in the server's order. */
export function buildCategoryTree(categories: readonly CategoryOutput[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>();
  for (const category of categories)
    nodes.set(category.id, { ...category, children: [], depth: 0 });
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId !== null ? nodes.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const setDepth = (list: CategoryNode[], depth: number) => {
    for (const node of list) {
      node.depth = depth;
      setDepth(node.children, depth + 1);
    }
  };
  setDepth(roots, 0);
  return roots;
}

/** The tree in reading order (parents before their children), for indented selects. */
export function flattenCategoryTree(roots: readonly CategoryNode[]): CategoryNode[] {
  const flat: CategoryNode[] = [];
  const walk = (list: readonly CategoryNode[]) => {
    for (const node of list) {
      flat.push(node);
      walk(node.children);
    }
  };
  walk(roots);
  return flat;
}
