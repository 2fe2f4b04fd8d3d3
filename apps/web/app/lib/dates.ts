import { formatDate, parseDate } from "@aurumwire/shared/format";
import { dateFormats } from "@aurumwire/shared/limits";
import { format, formatDistanceToNow, isValid } from "date-fns";

/**
 * Every date the web app shows, in one module. Dates on public pages, which render on the server
 * too, are in UTC so server and browser agree: formatPublicArticleDate. Dates on dashboard
 * screens. The dashboard renders only in the browser, so times are shown in
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

/**
 * An article date on a public page as 'MMM dd, yyyy' (spec point 9), in UTC (decision 062);
 * missing or unreadable dates read 'Just now'.
 */
export function formatPublicArticleDate(value: string | null | undefined): string {
  return formatDate(value, dateFormats.articles);
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
