/** `{product}` of spec point 7: SITE_NAME in lower case, letters and digits only. */
export function partnerProduct(siteName: string): string {
  return siteName.toLowerCase().replace(/[^a-z0-9]+/g, "") || "partner";
}

/** The prefix of the partner integration endpoints under /api. */
export function partnerApiPrefix(siteName: string): string {
  return `/${partnerProduct(siteName)}`;
}
