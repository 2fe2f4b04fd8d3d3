import { groupedDigits } from "@aurumwire/shared/format";

/**
 * Every number the web app shows, in one module (prices and market figures of spec point 9 are in
 * `@aurumwire/shared/format`, which the server renders with too). Always en-US: public pages
 * render on the server and hydrate in the browser, and a reader's own locale would make the two
 * disagree. Counts and signed changes are written out with `groupedDigits` rather than built with
 * Intl: reading pages import them, and the first Intl number format a fresh browser builds costs a
 * long task on a phone (decision 150). The charts' compact axis labels need Intl's compact
 * notation; they are built on first use, inside the lazily loaded chart chunks.
 */

/**
 * '2,310': a count (views, likes, reach, a budget in dollars) with thousands separators, rounded to
 * at most `fractionDigits` decimals with no trailing zeros, as Intl writes it ('12.5', '12').
 */
export function formatCount(value: number, fractionDigits = 0): string {
  const digits = groupedDigits(value, fractionDigits);
  return digits.includes(".") ? digits.replace(/0+$/, "").replace(/\.$/, "") : digits;
}

/**
 * A move with its sign and at most one decimal, as Intl's `signDisplay: "exceptZero"` writes it:
 * `+2.5`, `-1`, `0`.
 */
export function formatSignedChange(change: number): string {
  const digits = formatCount(Math.abs(change), 1);
  return digits === "0" ? digits : `${change > 0 ? "+" : "-"}${digits}`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-US", options);
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * A chart axis label: '60K', '1.2B', '3.42K'. `significantDigits` as many as the axis needs to tell
 * its ticks apart; without it, one decimal at most.
 */
export function formatCompactNumber(value: number, significantDigits?: number): string {
  return numberFormat(
    significantDigits === undefined
      ? { notation: "compact", maximumFractionDigits: 1 }
      : { notation: "compact", maximumSignificantDigits: significantDigits },
  ).format(value);
}

/** A chart's tooltip value: up to six significant digits, grouped ('$3,421.57' reads 3,421.57). */
export function formatSignificant(value: number): string {
  return numberFormat({ maximumSignificantDigits: 6 }).format(value);
}
