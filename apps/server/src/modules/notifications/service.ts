import { type Notification, notificationsShown } from "@aurumwire/shared/notifications";
import type { ArticlesRepository } from "../articles/repository";

/**
 * The signed-in account's notifications (decision 133): their own articles that went public,
 * newest first. Read from the articles themselves, so nothing is stored twice; what a reader has
 * seen is kept by the browser.
 */
export function createNotificationsService(deps: { articles: ArticlesRepository }) {
  return {
    async forUser(userId: number): Promise<Notification[]> {
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
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
