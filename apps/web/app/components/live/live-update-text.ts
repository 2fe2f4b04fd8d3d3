/**
 * A live update's text as readers read it (issue 34): for the structured data (decision 236) and
 * for its image's alt text on the page and the desk (decision 322).
 */

const entities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  nbsp: " ",
};

/** An update's text as a reader reads it (the HTML is the sanitized update). */
export function updateText(html: string): string {
  return html
    .replace(/<\/(p|h[1-6]|li|blockquote)>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name] ?? " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** A headline of at most 110 characters (what search engines show). */
export function headline(text: string): string {
  return text.length > 110 ? `${text.slice(0, 109).trimEnd()}…` : text;
}

/**
 * The alt text of an update's image (decision 322): the image is part of the update, not
 * decoration, and the update's own words are what the editor gave about it (an update has no
 * caption field), so a reader who cannot see it hears the update's headline.
 */
export function updateImageAlt(html: string): string {
  return headline(updateText(html) || "Image of this update");
}

/** Updates newest first (the page's and the structured data's order); ties by the later id. */
export function newestFirst<T extends { createdAt: string; id: number }>(
  updates: readonly T[],
): T[] {
  return [...updates].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id,
  );
}
