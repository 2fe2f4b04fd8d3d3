/** Money in the image log is kept in micro-dollars (whole numbers). */
export const micros = (dollars: number) => Math.round(dollars * 1_000_000);
/** Micro-dollars as dollars to the cent. */
export const dollars = (value: number) => Math.round(value / 10_000) / 100;

export function startOfUtcMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}
