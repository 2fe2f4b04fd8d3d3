import { z } from "zod";
import { paginationSchema } from "./articles";
import { databaseId } from "./database-id";

/** The Daily Newsletter (decision 122): double opt-in, a digest at a set UTC hour. */
export const subscriberStatuses = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

export const emailAddress = z
  .string({ error: "Please enter your email address" })
  .trim()
  .min(1, "Please enter your email address")
  .max(254, "That email address is too long")
  .pipe(z.email({ error: "Please enter a valid email address" }))
  .transform((email) => email.toLowerCase());

export const newsletterSubscribeSchema = z.object({ email: emailAddress });

export const newsletterSubscribeResponseSchema = z.object({
  message: z.string(),
  /** Whether a confirmation mail went out now (false: kept pending until mail works). */
  confirmationSent: z.boolean(),
});

export const subscriberSchema = z.object({
  id: z.number(),
  email: z.string(),
  status: z.enum(subscriberStatuses),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
  lastDigestOn: z.string().nullable(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const subscriberListQuerySchema = z.object({
  page: z.coerce.number().int().min(1, "page must be 1 or more").max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(254).optional(),
  status: z
    .enum(subscriberStatuses, { error: "status must be pending, confirmed or unsubscribed" })
    .optional(),
});

export const newsletterSettingsSchema = z.object({
  /** The UTC hour (0-23) the daily digest goes out. */
  digestHour: z.coerce
    .number({ error: "Digest hour must be a number" })
    .int("Digest hour must be a whole hour")
    .min(0, "Digest hour must be between 0 and 23")
    .max(23, "Digest hour must be between 0 and 23"),
});
export type NewsletterSettings = z.infer<typeof newsletterSettingsSchema>;
export const defaultDigestHour = 7;

export const subscriberListResponseSchema = z.object({
  subscribers: z.array(subscriberSchema),
  counts: z.object({ pending: z.number(), confirmed: z.number(), unsubscribed: z.number() }),
  pagination: paginationSchema,
  mailConfigured: z.boolean(),
  settings: newsletterSettingsSchema,
});
export type SubscriberListResponse = z.infer<typeof subscriberListResponseSchema>;

export const subscriberIdParamsSchema = z.object({
  id: databaseId("Subscriber id must be a positive whole number"),
});

export const newsletterTokenQuerySchema = z.object({
  token: z.string().max(300).default(""),
});
