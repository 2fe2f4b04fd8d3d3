import {
  type RevisionDetail,
  type RevisionSnapshot,
  type RevisionSummary,
  revisionSnapshotSchema,
} from "@aurumwire/shared/article-editor";
import type { Article } from "@aurumwire/shared/articles";
import { readingTimeMinutes } from "@aurumwire/shared/articles";
import type { Database, Executor } from "../../db/client";
import type { ArticleRow, NewArticleRow } from "../../db/schema";
import { notFound } from "../../errors";
import { sanitizeArticleHtml } from "../../lib/article-html";
import type { ArticleEditorRepository } from "./editor-repository";
import { type Actor, assertMayChange } from "./editor-rules";

function toSummary(
  revision: { id: number; articleId: number; createdAt: Date; snapshot: unknown },
  editor: { id: number; firstName: string; lastName: string } | null,
): RevisionDetail {
  const snapshot = revisionSnapshotSchema.parse(revision.snapshot);
  return {
    id: revision.id,
    articleId: revision.articleId,
    createdAt: revision.createdAt.toISOString(),
    editor,
    title: snapshot.title,
    status: snapshot.status,
    snapshot,
  };
}

/**
 * An article's revision history for the editor: the list, one revision, and restoring one. A
 * restore is a change like any save (editor-service.ts's `applyChange`), so it is checked,
 * audited and becomes a revision itself.
 */
export function createRevisionActions(deps: {
  db: Database;
  repository: ArticleEditorRepository;
  findForChange: (id: number, tx: Executor) => Promise<ArticleRow>;
  applyChange: (
    actor: Actor,
    id: number,
    buildChange: (row: ArticleRow, tx: Executor) => Promise<Partial<NewArticleRow>>,
    restoredRevisionId?: number,
  ) => Promise<Article>;
  uniqueSlug: (title: string, exceptId: number | undefined, tx: Executor) => Promise<string>;
  slugIsFrozen: (row: ArticleRow) => boolean;
}) {
  const { db, repository, findForChange, applyChange, uniqueSlug, slugIsFrozen } = deps;
  return {
    async listRevisions(actor: Actor, id: number): Promise<RevisionSummary[]> {
      const row = await findForChange(id, db);
      assertMayChange(actor, row, "edit");
      const rows = await repository.listRevisions(id);
      return rows.map(({ revision, editor }) => {
        const { snapshot: _snapshot, ...summary } = toSummary(revision, editor);
        return summary;
      });
    },

    async getRevision(actor: Actor, id: number, revisionId: number): Promise<RevisionDetail> {
      const row = await findForChange(id, db);
      assertMayChange(actor, row, "edit");
      const found = await repository.findRevision(id, revisionId);
      if (!found) throw notFound("Revision not found");
      return toSummary(found.revision, found.editor);
    },

    /**
     * Brings back what was written (title, texts, category, tags, image, meta, premium). Status,
     * featured flag and publish date stay as they are: restoring is not a way around the publish
     * and feature rules. The version being replaced becomes a revision itself, so a restore can be
     * undone.
     */
    async restoreRevision(actor: Actor, id: number, revisionId: number): Promise<Article> {
      return applyChange(
        actor,
        id,
        async (row, tx) => {
          const found = await repository.findRevision(id, revisionId, tx);
          if (!found) throw notFound("Revision not found");
          const snapshot: RevisionSnapshot = revisionSnapshotSchema.parse(found.revision.snapshot);
          const categoryStillThere =
            snapshot.categoryId !== null &&
            (await repository.categoryExists(snapshot.categoryId, tx));
          const content = sanitizeArticleHtml(snapshot.content);
          const change: Partial<NewArticleRow> = {
            title: snapshot.title,
            excerpt: snapshot.excerpt,
            content,
            readingTime: readingTimeMinutes(content),
            categoryId: categoryStillThere ? snapshot.categoryId : row.categoryId,
            tags: snapshot.tags,
            featuredImage: snapshot.featuredImage,
            metaTitle: snapshot.metaTitle,
            metaDescription: snapshot.metaDescription,
            isPremium: snapshot.isPremium,
          };
          if (!slugIsFrozen(row) && snapshot.title !== row.title) {
            change.slug = await uniqueSlug(snapshot.title, row.id, tx);
          }
          return change;
        },
        revisionId,
      );
    },
  };
}
