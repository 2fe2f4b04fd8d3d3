import type { AddressGuard } from "./address-guard";

/**
 * How outbound-http.ts opens a connection: through the address guard when staff set the address,
 * and a GET sent again when its kept-alive connection was just closed (decision 228).
 */

/** fetch, through the guard when the address was set by staff. */
export function open(
  url: string,
  init: RequestInit,
  guard: AddressGuard | undefined,
): Promise<Response> {
  return guard ? guard.fetch(url, init) : fetch(url, init);
}

/** The connection broke before any answer: what a kept-alive one the other side just closed does. */
function brokenConnection(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (code === "UND_ERR_SOCKET" || code === "ECONNRESET" || code === "EPIPE") return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A GET, sent once more on a new connection when the kept-alive one it went out on was closed by
 * the other side at that moment (its idle limit ran out; undici issues 3141 and 3492). Harmless
 * for a GET, and what made a poll fail on a loaded machine (issue 33, decision 228).
 */
export async function openGet(
  url: string,
  init: RequestInit,
  guard: AddressGuard | undefined,
): Promise<Response> {
  // Each broken connection leaves the pool as it fails: two more tries get past two stale ones.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await open(url, init, guard);
    } catch (error) {
      if (attempt === 3 || init.signal?.aborted || !brokenConnection(error)) throw error;
    }
  }
}
