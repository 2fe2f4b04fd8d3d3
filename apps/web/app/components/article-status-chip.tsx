import type { ArticleStatus } from "@aurumwire/shared/articles";
import Chip from "@mui/material/Chip";

/** Spec point 4: published success, draft default, archived warning. */
export const statusColor = {
  published: "success",
  draft: "default",
  archived: "warning",
} as const satisfies Record<ArticleStatus, string>;

export function ArticleStatusChip({ status }: { status: ArticleStatus }) {
  return (
    <Chip
      size="small"
      label={status}
      color={statusColor[status]}
      sx={{ textTransform: "capitalize" }}
    />
  );
}
