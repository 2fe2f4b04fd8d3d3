import { z } from "zod";
import { databaseId } from "./database-id";

/** Live coverage of an article (decision 234): requests and answers of its routes. */

export const liveUpdateMaxLength = 20_000;

export const liveToggleRequestSchema = z.object({
  live: z.boolean({ error: "live must be true (start the coverage) or false (end it)" }),
});

export const liveUpdateInputSchema = z.object({
  content: z
    .string({ error: "content is the update's text as HTML, such as <p>...</p>" })
    .max(liveUpdateMaxLength, `An update has at most ${liveUpdateMaxLength} characters of HTML`),
  image: z
    .string()
    .max(2000)
    .regex(
      /^(\/uploads\/|https:\/\/)\S+$/,
      "image must be an uploaded image (/uploads/...) or an https address",
    )
    .nullish(),
});
export type LiveUpdateInput = z.infer<typeof liveUpdateInputSchema>;

export const liveUpdateParamsSchema = z.object({
  id: databaseId("Article id must be a positive number"),
  updateId: databaseId("Update id must be a positive number"),
});

export const liveUpdatesQuerySchema = z.object({
  after: z.iso
    .datetime({ error: "after must be a time such as 2026-11-27T10:00:00Z", offset: true })
    .optional(),
});

export const liveUpdateSchema = z.object({
  id: z.number(),
  articleId: z.number(),
  content: z.string(),
  imageUrl: z.string().nullable(),
  authorName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const liveCoverageSchema = z.object({
  articleId: z.number(),
  live: z.boolean(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type LiveCoverage = z.infer<typeof liveCoverageSchema>;

export const liveCoverageResponseSchema = z.object({ coverage: liveCoverageSchema });
export const liveUpdateResponseSchema = z.object({ update: liveUpdateSchema });
export const liveUpdatesResponseSchema = z.object({
  coverage: liveCoverageSchema,
  /** Newest first. */
  updates: z.array(liveUpdateSchema),
});
export type LiveUpdatesResponse = z.infer<typeof liveUpdatesResponseSchema>;
