import type {
  AdminStatusFilter,
  ArticleReview,
  ReviewCounts,
  ReviewState,
} from "@aurumwire/shared/article-review";
import type { ArticleStatus } from "@aurumwire/shared/articles";
import { isEditor } from "@aurumwire/shared/roles";
import type { Database, Executor } from "../../db/client";
import type { ArticleRow } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import type { AuditService } from "../audit/service";
import type { ArticleEditorRepository } from "./editor-repository";
import { type Actor, assertMayChange, editorsOnly } from "./editor-rules";
import type { ArticleReviewRepository, ReviewRecord } from "./review-repository";

export function presentReview(record: ReviewRecord): ArticleReview {
  const { row } = record;
  return {
    state: row.state,
    submittedAt: row.submittedAt.toISOString(),
    submittedBy: record.submittedBy,
    note: row.note,
    returnedAt: row.returnedAt?.toISOString() ?? null,
    returnedBy: record.returnedBy,
  };
}

/**
 * The management list's status filter as the list's query reads it: `review` is the queue
 * (drafts in review), `changes_requested` the drafts sent back.
 */
export function reviewListFilter(status: AdminStatusFilter | undefined): {
  status?: ArticleStatus;
  reviewState?: ReviewState;
} {
  if (!status || status === "all") return {};
  if (status === "review") return { status: "draft", reviewState: "in_review" };
  if (status === "changes_requested") return { status: "draft", reviewState: "changes_requested" };
  return { status };
}

/**
 * Review before publishing (issue 31, decision 265): an author submits a draft; an editor
 * publishes or schedules it (the ordinary save, which takes it out of review), or returns it with
 * a note. Publishing stays where decision 040 put it: only editors and admins.
 */
export function createArticleReviewService(deps: {
  db: Database;
  repository: ArticleReviewRepository;
  articles: Pick<ArticleEditorRepository, "findRow">;
  audit: Pick<AuditService, "record">;
  now?: () => Date;
}) {
  const { db, repository, audit } = deps;
  const now = deps.now ?? (() => new Date());

  async function lockArticle(actor: Actor, id: number, tx: Executor): Promise<ArticleRow> {
    const row = await deps.articles.findRow(id, tx, true);
    if (!row) throw notFound("Article not found");
    assertMayChange(actor, row, "edit");
    return row;
  }

  async function current(id: number, tx: Executor): Promise<ArticleReview> {
    const record = await repository.find(id, tx);
    if (!record) throw notFound("Article not found");
    return presentReview(record);
  }

  return {
    async get(actor: Actor, id: number): Promise<ArticleReview | null> {
      const row = await deps.articles.findRow(id);
      if (!row) throw notFound("Article not found");
      assertMayChange(actor, row, "edit");
      const record = await repository.find(id);
      return record ? presentReview(record) : null;
    },

    /** "Submit for review": a draft into the editors' queue (again, after changes were asked). */
    async submit(actor: Actor, id: number): Promise<ArticleReview> {
      return db.transaction(async (tx) => {
        const row = await lockArticle(actor, id, tx);
        if (row.status === "published") {
          throw conflict(
            "This article is already published: there is nothing to submit for review.",
            "already_published",
          );
        }
        if (row.status === "archived") {
          throw conflict(
            "An archived article cannot be submitted for review: set it back to draft first.",
            "article_archived",
          );
        }
        const existing = await repository.find(id, tx);
        if (existing?.row.state === "in_review") {
          throw conflict("This article is already in review.", "already_in_review");
        }
        await repository.submit(id, actor.id, now(), tx);
        await audit.record(actor, "article.submit_for_review", {
          target: { type: "article", id },
          summary: row.title,
          tx,
        });
        return current(id, tx);
      });
    },

    /** An editor sends an article in review back to its author with a note. */
    async returnForChanges(actor: Actor, id: number, note: string): Promise<ArticleReview> {
      if (!isEditor(actor)) throw editorsOnly("return articles to their authors");
      return db.transaction(async (tx) => {
        const row = await lockArticle(actor, id, tx);
        const returned = await repository.markReturned(
          id,
          { returnedBy: actor.id, note, at: now() },
          tx,
        );
        if (!returned) {
          throw conflict(
            "This article is not in review: only an article in the Review queue can be returned.",
            "not_in_review",
          );
        }
        await audit.record(actor, "article.return_for_changes", {
          target: { type: "article", id },
          summary: row.title,
          after: { note },
          tx,
        });
        return current(id, tx);
      });
    },

    /** The dashboard's count: the whole queue for editors, their own articles for authors. */
    async counts(actor: Actor): Promise<ReviewCounts> {
      return repository.counts(isEditor(actor) ? undefined : actor.id);
    },

    /**
     * Called by every article save in its transaction: a published, scheduled or archived article
     * has left review.
     */
    async afterSave(after: Pick<ArticleRow, "id" | "status">, tx: Executor): Promise<void> {
      if (after.status !== "draft") await repository.remove(after.id, tx);
    },
  };
}

export type ArticleReviewService = ReturnType<typeof createArticleReviewService>;
