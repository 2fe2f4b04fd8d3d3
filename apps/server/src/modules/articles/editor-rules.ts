import type { RevisionSnapshot } from "@aurumwire/shared/article-editor";
import { isEditor } from "@aurumwire/shared/roles";
import type { ArticleRow, UserRow } from "../../db/schema";
import { badRequest, forbidden } from "../../errors";

/** The newsroom's rules that need no database: who may do what, publishedAt, clashes. */

export type Actor = Pick<UserRow, "id" | "role">;

export const editorsOnly = (action: string) =>
  forbidden(`You need admin or editor privileges to ${action}.`);

export const invalidCategory = () =>
  badRequest("Please check your input: Please select a valid category", {
    categoryId: "Please select a valid category",
  });

/** A unique-index clash (PGlite may not name the constraint). */
export function isUniqueClash(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  return (cause as { code?: string } | undefined)?.code === "23505";
}

/** A unique-index clash on the slug (two saves of the same title at once). */
export function isSlugClash(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } })?.cause ?? error;
  const { code, constraint } = (cause ?? {}) as { code?: string; constraint?: string };
  return code === "23505" && (!constraint || constraint === "articles_slug_idx");
}

/** What a revision keeps of an article. */
export function toRevisionSnapshot(row: ArticleRow): RevisionSnapshot {
  return {
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    categoryId: row.categoryId,
    tags: row.tags,
    featuredImage: row.featuredImage,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    isPremium: row.isPremium,
    isFeatured: row.isFeatured,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

/**
 * publishedAt follows the status (spec point 4): becoming published stamps now unless a future
 * date schedules it; staying published keeps the date unless a new one is sent; other statuses
 * keep the date unless the request sets it (Save Draft sends null to clear it).
 */
export function resolvePublishedAt(options: {
  previousStatus: ArticleRow["status"] | null;
  previousPublishedAt: Date | null;
  nextStatus: ArticleRow["status"];
  requested: string | null | undefined;
  now: Date;
}): Date | null {
  const { previousStatus, previousPublishedAt, nextStatus, requested, now } = options;
  const requestedDate = requested ? new Date(requested) : null;
  if (nextStatus === "published") {
    if (previousStatus !== "published") {
      return requestedDate && requestedDate > now ? requestedDate : now;
    }
    return requestedDate ?? previousPublishedAt ?? now;
  }
  if (requested !== undefined) return requestedDate;
  return previousPublishedAt;
}

export function assertMayChange(actor: Actor, row: ArticleRow, action: "edit" | "delete") {
  if (isEditor(actor) || row.authorId === actor.id) return;
  throw editorsOnly(`${action} articles by other authors`);
}

/** Authors write and keep drafts; publishing and featuring are for editors and admins. */
export function assertMaySetFlags(
  actor: Actor,
  previous: { status: ArticleRow["status"] | null; isFeatured: boolean },
  next: { status: ArticleRow["status"]; isFeatured: boolean },
) {
  if (isEditor(actor)) return;
  if (next.status === "published" && previous.status !== "published") {
    throw editorsOnly("publish articles");
  }
  if (next.isFeatured !== previous.isFeatured) throw editorsOnly("feature articles");
}
