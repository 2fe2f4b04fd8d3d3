import { type Column, eq, ilike, or, type SQL } from "drizzle-orm";

/** Escapes LIKE wildcards so a search for "50%" means the text, not a pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The rows whose slug is `base` or `base-…`: the ones a new slug from `base` must not clash with. */
export function slugFamily(column: Column, base: string): SQL | undefined {
  return or(eq(column, base), ilike(column, `${escapeLike(base)}-%`));
}
