import { formatDate, parseDate } from "@aurumwire/shared/format";
import { dateFormats } from "@aurumwire/shared/limits";
import { formatDistanceToNow } from "date-fns";

/**
 * Dates on dashboard screens. The dashboard renders only in the browser, so times are shown in
 * the reader's own time zone (public pages use UTC so server and browser agree; decision 062).
 */
const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Article dates as 'MMM dd, yyyy' (spec point 9), or the given fallback when missing. */
export function formatArticleDate(value: string | null | undefined, fallback = "-"): string {
  return parseDate(value) ? formatDate(value, dateFormats.articles, localTimeZone()) : fallback;
}

/** 'MMM dd, yyyy HH:mm' for moments such as 'Last Updated'. */
export function formatDateTime(value: string | null | undefined, fallback = "-"): string {
  return parseDate(value) ? formatDate(value, dateFormats.apiKeys, localTimeZone()) : fallback;
}

/** "3 days ago"; a date that is missing or cannot be parsed shows 'Just now' (spec point 8). */
export function formatAge(value: string | null | undefined): string {
  const date = parseDate(value);
  return date ? formatDistanceToNow(date, { addSuffix: true }) : "Just now";
}
