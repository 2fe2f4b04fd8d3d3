import type { AuditAction } from "@aurumwire/shared/audit";
import type { ArticleRow } from "../../db/schema";

/**
 * What a save did that the audit log records (decision 203): publishing (now or scheduled for
 * later), unpublishing and featuring. A save that changes none of them records nothing.
 */
export function articleAuditActions(
  before: Pick<ArticleRow, "status" | "publishedAt" | "isFeatured"> | null,
  after: Pick<ArticleRow, "status" | "publishedAt" | "isFeatured">,
  now: Date,
): AuditAction[] {
  const actions: AuditAction[] = [];
  const wasPublished = before?.status === "published";
  if (after.status === "published") {
    const future = after.publishedAt !== null && after.publishedAt > now;
    const dateMoved = before?.publishedAt?.getTime() !== after.publishedAt?.getTime();
    if (!wasPublished) actions.push(future ? "article.schedule" : "article.publish");
    else if (future && dateMoved) actions.push("article.schedule");
  } else if (wasPublished) {
    actions.push("article.unpublish");
  }
  if (after.isFeatured !== (before?.isFeatured ?? false)) {
    actions.push(after.isFeatured ? "article.feature" : "article.unfeature");
  }
  return actions;
}
