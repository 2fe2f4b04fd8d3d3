type MatchWithData = { id: string; loaderData?: unknown } | undefined;

/** The site name from the root loader, for meta functions. */
export function siteNameFrom(matches: readonly MatchWithData[]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { siteName?: string }
    | undefined;
  return root?.siteName ?? "AurumWire";
}

/** `<title>` and description tags for a page, with the site name. */
export function pageMeta(siteName: string, title: string | null, description?: string) {
  const fullTitle = title ? `${title} | ${siteName}` : `${siteName} - Premium Crypto Intelligence`;
  return [
    { title: fullTitle },
    ...(description ? [{ name: "description", content: description }] : []),
  ];
}
