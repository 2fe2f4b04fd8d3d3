import { z } from "zod";

/** How many notifications the bell shows, newest first. */
export const notificationsShown = 10;

/**
 * What the header's bell shows (decision 133): things that happened to the signed-in account: one
 * of their own articles went public, and review before publishing (decision 265): an article
 * waiting in the Review queue (editors and admins), or one returned to its author with a note.
 */
export const notificationKinds = [
  "article_published",
  "review_requested",
  "changes_requested",
] as const;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  /** Where it leads. */
  link: z.string(),
  /** When it happened (ISO). */
  at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsResponseSchema = z.object({
  notifications: z.array(notificationSchema),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;
