/** The public header's main sections and its search rule, shared by the header and the mobile menu. */
export const navItems = [
  { label: "News", to: "/articles" },
  { label: "Markets", to: "/markets" },
  { label: "Analysis", to: "/analysis" },
  { label: "Categories", to: "/categories" },
] as const;

/** Spec: submit only trimmed non-empty text, URL-encoded, to /search?q=. */
export function searchPath(text: string): string | null {
  const query = text.trim();
  return query ? `/search?q=${encodeURIComponent(query)}` : null;
}
