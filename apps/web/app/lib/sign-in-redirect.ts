/**
 * Where to go after signing in: the page named in `?redirect=`, when it is a path of this site.
 * Anything else (another origin, `//host`, a scheme, back-slashes some browsers read as `/`)
 * is ignored, so a link cannot send a fresh session to a foreign page.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value?.startsWith("/") || value.startsWith("//")) return null;
  if (value.includes("\\") || [...value].some((char) => char.charCodeAt(0) < 0x20)) return null;
  // The login page itself would only loop.
  if (value === "/login" || value.startsWith("/login?") || value.startsWith("/login/")) return null;
  return value;
}

/** The login page that brings the reader back to `path` afterwards. */
export function loginPathFor(path: string): string {
  const back = safeRedirectPath(path);
  return back && back !== "/" ? `/login?redirect=${encodeURIComponent(back)}` : "/login";
}
