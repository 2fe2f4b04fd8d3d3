import { type ReviewState, reviewStateLabels } from "@aurumwire/shared/article-review";
import type { ArticleStatus } from "@aurumwire/shared/articles";
import Chip from "@mui/material/Chip";
import { formatDateTime } from "../lib/dates";

/** Spec point 4: published success, draft default, archived warning. */
export const statusColor = {
  published: "success",
  draft: "default",
  archived: "warning",
} as const satisfies Record<ArticleStatus, string>;

const statusLabels: Record<ArticleStatus, string> = {
  published: "Published",
  draft: "Draft",
  archived: "Archived",
};

/** Published with a date still ahead: readers see it only from then on (decision 132). */
export function isScheduled(
  status: ArticleStatus,
  publishedAt: string | null | undefined,
  now: Date = new Date(),
): boolean {
  return status === "published" && !!publishedAt && new Date(publishedAt).getTime() > now.getTime();
}

/** 'Published', 'Draft', 'Archived', or 'Scheduled for <date and time>' for a future publication. */
export function articleStatusLabel(
  status: ArticleStatus,
  publishedAt?: string | null,
  now: Date = new Date(),
): string {
  return isScheduled(status, publishedAt, now)
    ? `Scheduled for ${formatDateTime(publishedAt)}`
    : statusLabels[status];
}

/** A draft in review shows where it stands: 'In review' or 'Changes requested' (decision 265). */
const reviewColor = { in_review: "info", changes_requested: "warning" } as const;

export function ArticleStatusChip({
  status,
  publishedAt,
  review,
}: {
  status: ArticleStatus;
  /** Given where it is known: a published article with a future date shows as scheduled. */
  publishedAt?: string | null;
  /** Given where it is known: a draft in review shows its review state. */
  review?: { state: ReviewState } | null;
}) {
  if (status === "draft" && review) {
    return (
      <Chip
        size="small"
        label={reviewStateLabels[review.state]}
        color={reviewColor[review.state]}
      />
    );
  }
  const scheduled = isScheduled(status, publishedAt);
  return (
    <Chip
      size="small"
      label={articleStatusLabel(status, publishedAt)}
      color={scheduled ? "info" : statusColor[status]}
      // 'Scheduled for <date> <time>' may take two lines in a narrow column.
      sx={
        scheduled
          ? { height: "auto", py: 0.25, "& .MuiChip-label": { whiteSpace: "normal" } }
          : undefined
      }
    />
  );
}
