import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { formatDateTime } from "../../lib/dates";

/** The foot of a settings form: when and by whom it was last saved, and its buttons. */
export function SaveRow({
  updatedAt,
  updatedBy,
  never = "never",
  marginTop = 2,
  children,
}: {
  updatedAt: string | null | undefined;
  updatedBy: { firstName: string; lastName: string } | null | undefined;
  /** What "Last Updated" says before the first save. */
  never?: string;
  marginTop?: number;
  children: ReactNode;
}) {
  return (
    <Stack
      direction={{ xs: "column", sm: "row" }}
      spacing={2}
      sx={{ mt: marginTop, alignItems: { sm: "center" }, justifyContent: "space-between" }}
    >
      <Typography variant="body2" color="text.secondary">
        Last Updated:{" "}
        {updatedAt
          ? `${formatDateTime(updatedAt)}${
              updatedBy ? ` by ${updatedBy.firstName} ${updatedBy.lastName}` : ""
            }`
          : never}
      </Typography>
      {children}
    </Stack>
  );
}
