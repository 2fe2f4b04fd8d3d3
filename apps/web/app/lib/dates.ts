import { formatDate, parseDate } from "@aurumwire/shared/format";
import { dateFormats } from "@aurumwire/shared/limits";
import { format, formatDistanceToNow, isValid } from "date-fns";

/**
 * Every date the dashboard shows, in one module. The dashboard renders only in the browser, so
 * times are shown in the reader's own time zone. Public pages render on the server too and show
 * dates in UTC so server and browser agree (decision 062): they format with `formatDate` of
 * `@aurumwire/shared/format`, which the server uses as well, and never import this module, whose
 * date-fns would add ~6 KB gzipped to every reading page's first load (issue 35).
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

/** 'HH:mm:ss' in the reader's time zone, for 'Saved at' lines. */
export function formatClockTime(value: Date): string {
  return format(value, "HH:mm:ss");
}

/** "3 days ago"; a date that is missing or cannot be parsed shows 'Just now' (spec point 8). */
export function formatAge(value: string | null | undefined): string {
  const date = parseDate(value);
  return date ? formatDistanceToNow(date, { addSuffix: true }) : "Just now";
}

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

/** A calendar day sent as 'yyyy-MM-dd' (UTC days of the analytics) as 'MMM d', the same day everywhere. */
export function formatDayLabel(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  const value = new Date(year, (month ?? 1) - 1, date ?? 1);
  return isValid(value) ? format(value, "MMM d") : day;
}

/**
 * A time on a chart's axis of the price history: the hour ('03:00 PM') over a day, the day
 * ('Nov 27') over longer periods; in the reader's time zone, as the chart draws in the browser.
 */
export function formatChartTick(value: Date, spanHours: number): string {
  return format(value, spanHours <= 24 ? "hh:mm a" : "MMM d");
}

/** A point's time in a chart's tooltip: 'Nov 27, 03:00 PM'. */
export function formatChartMoment(value: Date): string {
  return format(value, "MMM d, hh:mm a");
}
