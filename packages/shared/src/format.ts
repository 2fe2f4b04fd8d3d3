/**
 * Display formats of spec point 9, as pure functions so the server, the web app and the tests agree.
 * Numbers are formatted with a fixed locale (en-US): the same page is rendered on the server and
 * hydrated in the browser, and a visitor-dependent locale would make the two disagree.
 */

const displayLocale = "en-US";

/**
 * A number as en-US writes it (`Intl.NumberFormat("en-US")`): thousands separators, rounded half
 * away from zero to `fractionDigits` decimals. Written out rather than built with Intl: every
 * reading page's scripts import this module, and the first Intl number format a fresh browser
 * builds sets up ICU for ~10 ms, a long task of its own on a phone (decision 150). Like Intl it
 * rounds the number's shortest decimal form (9.995 gives 10.00, where `toFixed` gives 9.99);
 * format.test.ts compares the two on thousands of values.
 */
export function groupedDigits(value: number, fractionDigits: number): string {
  const rounded = roundedDecimal(Math.abs(value), fractionDigits);
  const point = rounded.indexOf(".");
  const whole = point < 0 ? rounded : rounded.slice(0, point);
  const sign = value < 0 ? "-" : "";
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ",")}${point < 0 ? "" : rounded.slice(point)}`;
}

/** A non-negative number's shortest decimal form rounded half up to `fractionDigits` decimals. */
function roundedDecimal(absolute: number, fractionDigits: number): string {
  const shortest = String(absolute);
  // Exponent forms (below 1e-6, from 1e21) are beyond any amount shown here.
  if (shortest.includes("e")) return absolute.toFixed(fractionDigits);
  const [whole, fraction = ""] = shortest.split(".");
  let digits = `${whole}${fraction.slice(0, fractionDigits).padEnd(fractionDigits, "0")}`;
  if ((fraction[fractionDigits] ?? "0") >= "5") {
    // Add one in the last kept place, carrying through the nines (9.995 to 2 places: 1000).
    const kept = digits.replace(/9*$/, "");
    const zeros = "0".repeat(digits.length - kept.length);
    digits = kept ? `${kept.slice(0, -1)}${Number(kept.at(-1)) + 1}${zeros}` : `1${zeros}`;
  }
  if (fractionDigits === 0) return digits;
  const wholeDigits = digits.slice(0, digits.length - fractionDigits) || "0";
  return `${wholeDigits}.${digits.slice(digits.length - fractionDigits)}`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormatFor(timeZone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(displayLocale, {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    dateFormats.set(timeZone, format);
  }
  return format;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/**
 * Header ticker price: under 1 with 4 decimals, otherwise localized (thousands separators, cents).
 * `$0.6234`, `$43,250.00`. Missing values read 'N/A'.
 */
export function formatTickerPrice(price: number | null | undefined): string {
  if (!isFiniteNumber(price)) return "N/A";
  if (Math.abs(price) < 1) return `$${price.toFixed(4)}`;
  return `$${groupedDigits(price, 2)}`;
}

/**
 * Market Analytics card value: at or above 1M as `$x.xxM`, at or above 1K as `$x.xK`, under 1 with
 * 6 decimals; between 1 and 1K as plain dollars and cents. The spec's scale stops at M; a total
 * market cap in millions (`$3,210,000.00M`) is unreadable, so the same two-decimal pattern goes on
 * to B and T (`$3.21T`): docs/decisions/062-display-formats.md.
 */
export function formatAnalyticsValue(value: number | null | undefined): string {
  if (!isFiniteNumber(value)) return "N/A";
  const sign = value < 0 ? "-" : "";
  const absolute = Math.abs(value);
  if (absolute >= 1_000_000) return `${sign}${formatCompactUsd(absolute)}`;
  if (absolute >= 1_000) return `${sign}$${(absolute / 1_000).toFixed(1)}K`;
  if (absolute < 1) return `${sign}$${absolute.toFixed(6)}`;
  return `${sign}$${absolute.toFixed(2)}`;
}

/** A percent change with its sign and 2 decimals: `+2.45%`, `-0.85%`, `0.00%`. */
export function formatChange(percent: number | null | undefined): string {
  if (!isFiniteNumber(percent)) return "N/A";
  const rounded = Number(percent.toFixed(2));
  if (rounded === 0) return "0.00%";
  return `${rounded > 0 ? "+" : "-"}${Math.abs(rounded).toFixed(2)}%`;
}

/** Whether a change reads as a gain (for green/red colouring); zero and missing are neutral. */
export function changeDirection(percent: number | null | undefined): "up" | "down" | "flat" {
  if (!isFiniteNumber(percent)) return "flat";
  const rounded = Number(percent.toFixed(2));
  return rounded > 0 ? "up" : rounded < 0 ? "down" : "flat";
}

/**
 * Large money amounts in the markets table (market cap, volume): `$1.32T`, `$845.20B`, `$12.50M`.
 * The spec gives no format for these columns; compact units keep the table narrow.
 */
export function formatCompactUsd(value: number | null | undefined): string {
  if (!isFiniteNumber(value)) return "N/A";
  const absolute = Math.abs(value);
  const sign = value < 0 ? "-" : "";
  const units: [number, string][] = [
    [1e12, "T"],
    [1e9, "B"],
    [1e6, "M"],
  ];
  for (const [size, unit] of units) {
    if (absolute >= size) return `${sign}$${(absolute / size).toFixed(2)}${unit}`;
  }
  return `${sign}$${groupedDigits(absolute, 0)}`;
}

const monthNames = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

/** Turns a Date, ISO string or epoch milliseconds into a Date, or null when it cannot be read. */
export function parseDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Formats a date with the spec's patterns ('MMM dd, yyyy', 'MMM dd, yyyy HH:mm'); supports the
 * tokens yyyy, MMM, dd, HH and mm. A date that cannot be parsed or is missing reads 'Just now'
 * (spec point 8). Times are in UTC unless a time zone is given, so server and browser agree.
 */
export function formatDate(
  value: Date | string | number | null | undefined,
  pattern = "MMM dd, yyyy",
  timeZone = "UTC",
): string {
  const date = parseDate(value);
  if (!date) return "Just now";
  const pad = (number: number) => String(number).padStart(2, "0");
  // UTC (every public page) reads the date's own fields; ICU's formatToParts costs ~50 times more
  // and a list page formats dozens of dates per render.
  const parts =
    timeZone === "UTC"
      ? {
          year: String(date.getUTCFullYear()),
          month: String(date.getUTCMonth() + 1),
          day: pad(date.getUTCDate()),
          hour: pad(date.getUTCHours()),
          minute: pad(date.getUTCMinutes()),
        }
      : Object.fromEntries(
          dateFormatFor(timeZone)
            .formatToParts(date)
            .map((part) => [part.type, part.value]),
        );
  const tokens: Record<string, string> = {
    yyyy: parts.year,
    MMM: monthNames[Number(parts.month) - 1],
    dd: parts.day,
    HH: parts.hour,
    mm: parts.minute,
  };
  return pattern.replace(/yyyy|MMM|dd|HH|mm/g, (token) => tokens[token]);
}
