import { format, isValid } from "date-fns";

/**
 * A date in one of the spec's patterns (`dateFormats` in @aurumwire/shared/limits), in the
 * browser's time zone. Spec point 8: a date that is missing or cannot be parsed reads 'Just now'.
 */
export function formatDisplayDate(
  value: string | number | Date | null | undefined,
  pattern: string,
) {
  if (value === null || value === undefined || value === "") return "Just now";
  const date = value instanceof Date ? value : new Date(value);
  return isValid(date) ? format(date, pattern) : "Just now";
}
