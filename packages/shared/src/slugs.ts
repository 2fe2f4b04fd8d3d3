/** URL slug from a title: lowercase ASCII words joined by dashes, at most 80 characters. */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug || "article";
}

/** `base` when it is free, else the first free `base-2`, `base-3`, ... */
export function nextFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let suffix = 2; ; suffix++) {
    if (!used.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
  }
}

/**
 * The public path of an author's page: their name for people and search engines, their id at the
 * end for us (`/author/elena-marsh-3`). Names change and repeat; the id never does, so a page
 * reached by an old name still finds the author (and names the current path as canonical).
 */
export function authorPath(author: { id: number; firstName: string; lastName: string }): string {
  const name = slugify(`${author.firstName} ${author.lastName}`);
  return `/author/${name === "article" ? "author" : name}-${author.id}`;
}

/** The author id at the end of an /author/{slug} slug, or null when there is none. */
export function authorIdFromSlug(slug: string): number | null {
  const match = /(?:^|-)(\d{1,9})$/.exec(slug);
  return match ? Number(match[1]) : null;
}
