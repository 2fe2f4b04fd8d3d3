import { z } from "zod";
import { articleListQuerySchema, articleStatuses, authorRefSchema } from "./articles";

/**
 * Review before publishing (issue 31, decision 265). An author's draft goes to the editors'
 * Review queue with "Submit for review"; an editor publishes or schedules it, or returns it with a
 * note the author reads in the editor. The article's status stays `draft` while it is reviewed:
 * the review state is beside it, not a fourth status, so readers, feeds and the public API see
 * nothing new.
 */
export const reviewStates = ["in_review", "changes_requested"] as const;
export type ReviewState = (typeof reviewStates)[number];

export const reviewStateLabels: Record<ReviewState, string> = {
  in_review: "In review",
  changes_requested: "Changes requested",
};

/** The longest note an editor may send back. */
export const reviewNoteMax = 2000;

/** Where an article stands in review, as the editor and the management list show it. */
export const articleReviewSchema = z.object({
  state: z.enum(reviewStates),
  submittedAt: z.string(),
  submittedBy: authorRefSchema.nullable(),
  /** The editor's last note, kept after a resubmission so the editor sees what was asked. */
  note: z.string().nullable(),
  returnedAt: z.string().nullable(),
  returnedBy: authorRefSchema.nullable(),
});
export type ArticleReview = z.infer<typeof articleReviewSchema>;

export const articleReviewResponseSchema = z.object({ review: articleReviewSchema.nullable() });
export type ArticleReviewResponse = z.infer<typeof articleReviewResponseSchema>;

/** POST /api/articles/{id}/return */
export const returnForChangesSchema = z.object({
  note: z
    .string({ error: "Please write a note for the author" })
    .trim()
    .min(1, "Please write a note for the author")
    .max(reviewNoteMax, `The note must be at most ${reviewNoteMax} characters`),
});
export type ReturnForChanges = z.infer<typeof returnForChangesSchema>;

/** The dashboard's review count: editors see the whole queue, authors their own articles. */
export const reviewCountsSchema = z.object({
  inReview: z.number(),
  changesRequested: z.number(),
});
export type ReviewCounts = z.infer<typeof reviewCountsSchema>;

/**
 * The management list's status filter: the three statuses, and the two review states
 * (`?status=review` is the editors' Review queue).
 */
export const adminStatusFilters = [
  ...articleStatuses,
  "all",
  "review",
  "changes_requested",
] as const;
export type AdminStatusFilter = (typeof adminStatusFilters)[number];

/** Query of GET /api/admin/articles: the public list's, with the review filters. */
export const adminArticleListQuerySchema = articleListQuerySchema.extend({
  status: z
    .enum(adminStatusFilters, {
      error: `status must be one of ${adminStatusFilters.join(", ")}`,
    })
    .optional(),
});
export type AdminArticleListQuery = z.infer<typeof adminArticleListQuerySchema>;
