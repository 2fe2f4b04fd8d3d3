import Chip from "@mui/material/Chip";
import type { SxProps, Theme } from "@mui/material/styles";
import { readableTextColor } from "../lib/contrast";

/** A small chip in a category's own colour, its text dark or light to stay readable on it. */
export function CategoryChip({
  category,
  sx,
}: {
  category: { name: string; color: string };
  sx?: SxProps<Theme>;
}) {
  return (
    <Chip
      size="small"
      label={category.name}
      sx={[
        { bgcolor: category.color, color: readableTextColor(category.color) },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
