import { z } from "zod";

/** How many notifications the bell shows, newest first. */
export const notificationsShown = 10;

/**
 * What the header's bell shows (decision 133): things that happened to the signed-in account.
 * Today one kind, one of their own articles went public; comments will be another.
 */
export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(["article_published"]),
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
