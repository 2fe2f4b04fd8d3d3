import { dateFormats } from "@aurumwire/shared/limits";
import { format, formatDistanceToNow } from "date-fns";

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Article dates as 'MMM dd, yyyy' (spec point 9), or the given fallback when missing. */
export function formatArticleDate(value: string | null | undefined, fallback = "-"): string {
  const date = parse(value);
  return date ? format(date, dateFormats.articles) : fallback;
}

/** 'MMM dd, yyyy HH:mm' for moments such as 'Last Updated'. */
export function formatDateTime(value: string | null | undefined, fallback = "-"): string {
  const date = parse(value);
  return date ? format(date, dateFormats.apiKeys) : fallback;
}

/** "3 days ago"; a date that is missing or cannot be parsed shows 'Just now' (spec point 8). */
export function formatAge(value: string | null | undefined): string {
  const date = parse(value);
  return date ? formatDistanceToNow(date, { addSuffix: true }) : "Just now";
}
