import { type Notification, notificationsShown } from "@aurumwire/shared/notifications";
import { isEditor } from "@aurumwire/shared/roles";
import type { ArticleReads } from "../articles/reads-service";

/**
 * The signed-in account's notifications (decision 133): their own articles that went public,
 * newest first, and review before publishing (decision 265): for editors and admins the articles
 * others submitted for review, for everyone their own articles returned with a note. Read from the
 * articles and their reviews, so nothing is stored twice; what a reader has seen is kept by the
 * browser.
 */
export function createNotificationsService(deps: {
  articles: Pick<ArticleReads, "list" | "latestReviews">;
}) {
  async function published(userId: number): Promise<Notification[]> {
    const { records } = await deps.articles.list({
      visibility: "public",
      authorId: userId,
      sortBy: "publishedAt",
      sortOrder: "desc",
      limit: notificationsShown,
      offset: 0,
    });
    return records
      .filter((record) => record.publishedAt)
      .map((record) => ({
        id: `article-published:${record.id}`,
        kind: "article_published" as const,
        title: record.title,
        link: `/article/${record.slug}`,
        at: (record.publishedAt as Date).toISOString(),
      }));
  }

  async function reviewQueue(userId: number): Promise<Notification[]> {
    const rows = await deps.articles.latestReviews(
      { state: "in_review", notAuthor: userId },
      notificationsShown,
    );
    return rows.map((row) => ({
      // A resubmission is news again: the moment is part of the id.
      id: `review-requested:${row.articleId}:${row.submittedAt.getTime()}`,
      kind: "review_requested" as const,
      title: row.title,
      link: `/dashboard/articles/${row.articleId}/edit`,
      at: row.submittedAt.toISOString(),
    }));
  }

  async function returned(userId: number): Promise<Notification[]> {
    const rows = await deps.articles.latestReviews(
      { state: "changes_requested", author: userId },
      notificationsShown,
    );
    return rows.map((row) => {
      const at = row.returnedAt ?? row.submittedAt;
      return {
        id: `changes-requested:${row.articleId}:${at.getTime()}`,
        kind: "changes_requested" as const,
        title: row.title,
        link: `/dashboard/articles/${row.articleId}/edit`,
        at: at.toISOString(),
      };
    });
  }

  return {
    async forUser(user: { id: number; role: string }): Promise<Notification[]> {
      const lists = await Promise.all([
        published(user.id),
        returned(user.id),
        isEditor(user) ? reviewQueue(user.id) : Promise.resolve([]),
      ]);
      return lists
        .flat()
        .sort((a, b) => b.at.localeCompare(a.at))
        .slice(0, notificationsShown);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
