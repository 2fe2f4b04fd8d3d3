import {
  type ArticleStats,
  type ArticleUpdate,
  revisionsKept,
} from "@aurumwire/shared/article-editor";
import {
  type Article,
  type ArticleInputParsed,
  htmlTextLength,
  readingTimeMinutes,
} from "@aurumwire/shared/articles";
import { limits } from "@aurumwire/shared/limits";
import { isEditor } from "@aurumwire/shared/roles";
import { nextFreeSlug, slugify } from "@aurumwire/shared/slugs";
import type { Database, Executor } from "../../db/client";
import type { ArticleRow, NewArticleRow } from "../../db/schema";
import { badRequest, notFound } from "../../errors";
import { sanitizeArticleHtml } from "../../lib/article-html";
import type { AuditService } from "../audit/service";
import { articleAuditActions } from "./audit-actions";
import { articleChangeTags } from "./cache-tags";
import type { ArticleEditorRepository } from "./editor-repository";
import { createRevisionActions } from "./editor-revisions";
import {
  type Actor,
  assertMayChange,
  assertMaySetFlags,
  invalidCategory,
  isSlugClash,
  isUniqueClash,
  resolvePublishedAt,
  toRevisionSnapshot,
} from "./editor-rules";
import { toArticle } from "./present";
import type { ArticlesRepository } from "./repository";

/**
 * The newsroom's write side of articles: who may do what (spec point 6), status and publishedAt
 * transitions (point 4), sanitizing, unique slugs and the revision history.
 */
export function createArticleEditorService(deps: {
  db: Database;
  repository: ArticleEditorRepository;
  /** The read side's queries, so newsroom answers use the one row -> API mapping. */
  articlesRepository: ArticlesRepository;
  /**
   * Called after every committed change with the content tags it touched (cache-tags.ts), so the
   * cached public pages that show it are rebuilt.
   */
  onContentChanged: (tags: readonly string[]) => void;
  /** The audit log (decision 203): publish, schedule, unpublish, feature, restore, delete. */
  audit: Pick<AuditService, "record">;
  /** Told of every edit in its transaction: a published or archived article leaves review (265). */
  afterSave?: (after: ArticleRow, tx: Executor) => Promise<void>;
  now?: () => Date;
}) {
  const { db, repository, articlesRepository, onContentChanged, audit } = deps;

  /** One audit entry per thing a save did, in the save's transaction. */
  async function auditSave(
    actor: Actor,
    before: ArticleRow | null,
    after: ArticleRow,
    tx: Executor,
  ) {
    const target = { type: "article", id: after.id };
    for (const action of articleAuditActions(before, after, now())) {
      await audit.record(actor, action, { target, summary: after.title, tx });
    }
  }
  const now = deps.now ?? (() => new Date());

  function cleanContent(html: string): string {
    const clean = sanitizeArticleHtml(html);
    // What the sanitizer removed (scripts, unsafe embeds) does not count towards the minimum.
    if (htmlTextLength(clean) < limits.contentMin) {
      throw badRequest("Please check your input: Content must be at least 100 characters", {
        content: "Content must be at least 100 characters",
      });
    }
    return clean;
  }

  async function uniqueSlug(title: string, exceptId: number | undefined, tx: Executor) {
    const base = slugify(title);
    return nextFreeSlug(base, await repository.slugsLike(base, exceptId, tx));
  }

  /** A slug follows the title until the article is first published; then links must keep working. */
  function slugIsFrozen(row: ArticleRow) {
    return row.status === "published" || row.publishedAt !== null;
  }

  async function present(id: number, tx: Executor = db): Promise<Article> {
    const record = await articlesRepository.findBySlugOrId(id, "any", tx);
    if (!record) throw notFound("Article not found");
    return toArticle(record);
  }

  async function findForChange(id: number, tx: Executor, lock = false): Promise<ArticleRow> {
    const row = await repository.findRow(id, tx, lock);
    if (!row) throw notFound("Article not found");
    return row;
  }

  /** Retries once with a fresh slug when a concurrent save took the same one. */
  async function withSlugRetry<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!isSlugClash(error)) throw error;
      return work();
    }
  }

  async function applyChange(
    actor: Actor,
    id: number,
    buildChange: (row: ArticleRow, tx: Executor) => Promise<Partial<NewArticleRow>>,
    restoredRevisionId?: number,
  ): Promise<Article> {
    let touched: string[] = [];
    const article = await withSlugRetry(() =>
      db.transaction(async (tx) => {
        const row = await findForChange(id, tx, true);
        assertMayChange(actor, row, "edit");
        const change = await buildChange(row, tx);
        const updated = (await repository.update(id, change, tx))!;
        touched = articleChangeTags(row, updated, now());
        await auditSave(actor, row, updated, tx);
        await deps.afterSave?.(updated, tx);
        if (restoredRevisionId !== undefined) {
          const details = { summary: `${updated.title} (revision ${restoredRevisionId})`, tx };
          await audit.record(actor, "article.restore_revision", {
            target: { type: "article", id },
            ...details,
          });
        }
        const before = toRevisionSnapshot(row);
        // A save that changes nothing a reader or writer sees adds no revision.
        if (JSON.stringify(before) !== JSON.stringify(toRevisionSnapshot(updated))) {
          await repository.insertRevision(
            { articleId: id, editorId: actor.id, snapshot: before },
            tx,
          );
          await repository.pruneRevisions(id, revisionsKept, tx);
        }
        return present(id, tx);
      }),
    );
    onContentChanged(touched);
    return article;
  }

  async function createOnce(
    actor: Actor,
    input: ArticleInputParsed,
    creationKey: string | undefined,
  ): Promise<Article> {
    assertMaySetFlags(
      actor,
      { status: null, isFeatured: false },
      { status: input.status, isFeatured: input.isFeatured },
    );
    const content = cleanContent(input.content);
    let touched: string[] = [];
    const article = await withSlugRetry(() =>
      db.transaction(async (tx) => {
        if (!(await repository.categoryExists(input.categoryId, tx))) throw invalidCategory();
        const row = await repository.insert(
          {
            slug: await uniqueSlug(input.title, undefined, tx),
            title: input.title,
            excerpt: input.excerpt,
            content,
            featuredImage: input.featuredImage,
            categoryId: input.categoryId,
            authorId: actor.id,
            tags: input.tags,
            status: input.status,
            publishedAt: resolvePublishedAt({
              previousStatus: null,
              previousPublishedAt: null,
              nextStatus: input.status,
              requested: input.publishedAt,
              now: now(),
            }),
            isFeatured: input.isFeatured,
            isPremium: input.isPremium,
            metaTitle: input.metaTitle,
            metaDescription: input.metaDescription,
            readingTime: readingTimeMinutes(content),
            generateImage: input.generateImage,
            creationKey: creationKey ?? null,
          },
          tx,
        );
        touched = articleChangeTags(null, row, now());
        await auditSave(actor, null, row, tx);
        return present(row.id, tx);
      }),
    );
    onContentChanged(touched);
    return article;
  }

  return {
    /**
     * Files every article of one category under another, in the caller's transaction (deleting a
     * category, decision 295): no audit entry or cache drop here, the category change does both.
     */
    moveCategory(fromId: number, toId: number, tx: Executor): Promise<number> {
      return repository.moveCategory(fromId, toId, tx);
    },

    /** The editor's HTML as a save would store it: what /preview may show (decision 045). */
    previewHtml(content: string): { content: string } {
      return { content: sanitizeArticleHtml(content) };
    },

    /**
     * `creationKey` (a request's Idempotency-Key): a repeat of a create this author already made
     * with the key answers that article, also when both arrive at once (a double click).
     */
    async create(
      actor: Actor,
      input: ArticleInputParsed,
      options: { creationKey?: string } = {},
    ): Promise<Article> {
      const { creationKey } = options;
      const earlier = async () =>
        creationKey ? repository.findIdByCreationKey(actor.id, creationKey) : undefined;
      const madeBefore = await earlier();
      if (madeBefore !== undefined) return present(madeBefore);
      try {
        return await createOnce(actor, input, creationKey);
      } catch (error) {
        const madeMeanwhile = creationKey && isUniqueClash(error) ? await earlier() : undefined;
        if (madeMeanwhile !== undefined) return present(madeMeanwhile);
        throw error;
      }
    },

    /**
     * Publishes a brief written by the system (a breaking-news item), inside the caller's
     * transaction: the same sanitizing, unique slug and reading time as every article, but no
     * newsroom minimum length and no actor's permissions. The caller notifies after its commit.
     */
    async publishBrief(
      brief: {
        title: string;
        excerpt: string;
        content: string;
        tags: string[];
        metaTitle: string | null;
        metaDescription: string | null;
        categoryId: number;
        authorId: number;
      },
      tx: Executor,
    ): Promise<{ id: number; slug: string }> {
      const content = sanitizeArticleHtml(brief.content);
      const published = now();
      const row = await repository.insert(
        {
          ...brief,
          slug: await uniqueSlug(brief.title, undefined, tx),
          content,
          status: "published",
          publishedAt: published,
          readingTime: readingTimeMinutes(content),
        },
        tx,
      );
      return { id: row.id, slug: row.slug };
    },

    async update(actor: Actor, id: number, patch: ArticleUpdate): Promise<Article> {
      return applyChange(actor, id, async (row, tx) => {
        const nextStatus = patch.status ?? row.status;
        const nextFeatured = patch.isFeatured ?? row.isFeatured;
        assertMaySetFlags(actor, row, { status: nextStatus, isFeatured: nextFeatured });
        if (patch.categoryId !== undefined && patch.categoryId !== row.categoryId) {
          if (!(await repository.categoryExists(patch.categoryId, tx))) throw invalidCategory();
        }
        const change: Partial<NewArticleRow> = {};
        if (patch.title !== undefined) change.title = patch.title;
        if (patch.excerpt !== undefined) change.excerpt = patch.excerpt;
        if (patch.content !== undefined) {
          change.content = cleanContent(patch.content);
          change.readingTime = readingTimeMinutes(change.content);
        }
        if (patch.categoryId !== undefined) change.categoryId = patch.categoryId;
        if (patch.tags !== undefined) change.tags = patch.tags;
        if (patch.metaTitle !== undefined) change.metaTitle = patch.metaTitle;
        if (patch.metaDescription !== undefined) change.metaDescription = patch.metaDescription;
        if (patch.featuredImage !== undefined) change.featuredImage = patch.featuredImage;
        if (patch.isPremium !== undefined) change.isPremium = patch.isPremium;
        if (patch.generateImage !== undefined) change.generateImage = patch.generateImage;
        change.isFeatured = nextFeatured;
        change.status = nextStatus;
        change.publishedAt = resolvePublishedAt({
          previousStatus: row.status,
          previousPublishedAt: row.publishedAt,
          nextStatus,
          requested: patch.publishedAt,
          now: now(),
        });
        if (!slugIsFrozen(row) && change.title && change.title !== row.title) {
          change.slug = await uniqueSlug(change.title, row.id, tx);
        }
        return change;
      });
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const removed = await db.transaction(async (tx) => {
        const row = await findForChange(id, tx, true);
        assertMayChange(actor, row, "delete");
        await repository.delete(id, tx);
        await audit.record(actor, "article.delete", {
          target: { type: "article", id },
          summary: row.title,
          tx,
        });
        return row;
      });
      onContentChanged(articleChangeTags(removed, null, now()));
    },

    /** Any status, for the editor; authors only reach their own. */
    async getForEditing(actor: Actor, id: number): Promise<Article> {
      const row = await findForChange(id, db);
      assertMayChange(actor, row, "edit");
      return present(id);
    },

    async stats(actor: Actor, authorId: number | undefined): Promise<ArticleStats> {
      return repository.stats(isEditor(actor) ? authorId : actor.id);
    },

    ...createRevisionActions({
      db,
      repository,
      findForChange,
      applyChange,
      uniqueSlug,
      slugIsFrozen,
    }),
  };
}

export type ArticleEditorService = ReturnType<typeof createArticleEditorService>;
