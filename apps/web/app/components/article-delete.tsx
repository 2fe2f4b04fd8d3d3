import { useState } from "react";
import { type ArticleListItem, useDeleteArticle } from "../api/admin-articles";
import { ConfirmDialog } from "./confirm-dialog";
import type { Notify } from "./feedback";

/**
 * Deleting an article from a list (the dashboard's own articles, Articles Management): `ask` opens
 * the confirmation, `dialog` is rendered once by the screen; the outcome goes to its snackbar, and
 * `onDeleted` runs after a delete the server accepted.
 */
export function useArticleDelete(notify: Notify, onDeleted?: () => void) {
  const deleteArticle = useDeleteArticle();
  const [toDelete, setToDelete] = useState<ArticleListItem | null>(null);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteArticle.mutateAsync(toDelete.id);
      notify("success", "Article deleted successfully");
      onDeleted?.();
    } catch {
      notify("error", "Failed to delete article");
    } finally {
      setToDelete(null);
    }
  };

  const dialog = (
    <ConfirmDialog
      open={!!toDelete}
      title="Delete article"
      message={`Are you sure you want to delete "${toDelete?.title ?? ""}"? This action cannot be undone.`}
      busy={deleteArticle.isPending}
      onConfirm={confirmDelete}
      onCancel={() => setToDelete(null)}
    />
  );
  return { ask: setToDelete, dialog };
}
