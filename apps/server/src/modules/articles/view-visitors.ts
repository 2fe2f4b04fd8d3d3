import { createHmac, timingSafeEqual } from "node:crypto";
import type { CounterStore } from "../../lib/counters";

/**
 * Who is viewing an article, as the server sees it (decision 074), so a view counts once per
 * article per visitor whatever the client claims (X-Session-ID is accepted but not trusted):
 *
 * - a signed-in reader is their account;
 * - an anonymous reader is a keyed hash of address and user agent, handed back as a signed cookie
 *   so the same reader stays the same visitor when their address changes. The cookie's id is that
 *   first hash, so the first view (before the cookie) and later ones share one key, and a client
 *   cannot choose an id: the signature is ours;
 * - known bots and clients without a user agent are not counted;
 * - an address counts at most `maxViewsPerAddressPerHour` anonymous views, so a script that
 *   varies its user agent or throws cookies away moves a ranking by that much at most.
 *
 * What is stored for an anonymous view (article_views.session_id) is not that id but a hash of it
 * salted with the day (UTC; decision 161): no address, nothing that links a reader's views across
 * days, so an anonymous reader counts once per article per day. The hourly address cap counts by
 * a keyed hash of the address too, never the address itself.
 */
export const viewCookieName = "aw_vid";
const viewCookieMaxAgeSeconds = 365 * 24 * 60 * 60;
const addressWindowMs = 60 * 60 * 1000;
export const maxViewsPerAddressPerHour = 60;

/**
 * Crawlers, link previews, monitors and HTTP libraries. Headless Chrome is not on the list: it is
 * also what our own end-to-end tests read with, and a script using it runs into the address cap.
 */
const knownBots =
  /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|embedly|phantomjs|lighthouse|pingdom|uptime|monitor|curl\/|wget\/|python-|httpx|aiohttp|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|libwww|scrapy/i;

export interface ViewRequest {
  address: string;
  userAgent: string | undefined;
  cookieHeader: string | undefined;
  userId: number | null;
}

export type ViewVisitor =
  | { counted: true; key: string; setCookie?: string }
  | { counted: false; setCookie?: string };

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const equals = part.indexOf("=");
    if (equals !== -1 && part.slice(0, equals).trim() === name)
      return part.slice(equals + 1).trim();
  }
  return undefined;
}

export function createViewVisitors(deps: {
  secret: string;
  counters: CounterStore;
  secureCookie: boolean;
  /** The clock that decides the day of the salt (tests move it). */
  now?: () => number;
}) {
  const { secret, counters, secureCookie } = deps;
  const now = deps.now ?? Date.now;
  const keyed = (purpose: string, value: string) =>
    createHmac("sha256", `${secret}:${purpose}`).update(value).digest("base64url").slice(0, 22);
  /** The visitor's key for today: the day is the salt. */
  const dailyKey = (id: string) =>
    keyed(`view-day:${new Date(now()).toISOString().slice(0, 10)}`, id);
  const sign = (id: string) =>
    createHmac("sha256", `${secret}:view-cookie`).update(id).digest("base64url").slice(0, 22);
  const hashOf = (address: string, userAgent: string) =>
    createHmac("sha256", `${secret}:view-visitor`)
      .update(`${address}\n${userAgent}`)
      .digest("base64url")
      .slice(0, 22);

  function verifiedCookieId(header: string | undefined): string | null {
    const value = cookieValue(header, viewCookieName);
    const match = value ? /^([\w-]{22})\.([\w-]{22})$/.exec(value) : null;
    if (!match) return null;
    const expected = Buffer.from(sign(match[1]));
    const given = Buffer.from(match[2]);
    return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : null;
  }

  function cookieFor(id: string) {
    return [
      `${viewCookieName}=${id}.${sign(id)}`,
      "Path=/api/articles",
      `Max-Age=${viewCookieMaxAgeSeconds}`,
      "HttpOnly",
      "SameSite=Lax",
      ...(secureCookie ? ["Secure"] : []),
    ].join("; ");
  }

  return {
    async identify(request: ViewRequest): Promise<ViewVisitor> {
      const userAgent = request.userAgent?.trim();
      if (!userAgent || knownBots.test(userAgent)) return { counted: false };
      if (request.userId !== null) return { counted: true, key: `user:${request.userId}` };
      const cookieId = verifiedCookieId(request.cookieHeader);
      const id = cookieId ?? hashOf(request.address, userAgent);
      const setCookie = cookieId ? undefined : cookieFor(id);
      const byAddress = await counters.hit(
        `views:address:${keyed("view-address", request.address)}`,
        addressWindowMs,
      );
      if (byAddress.count > maxViewsPerAddressPerHour) return { counted: false, setCookie };
      return { counted: true, key: `visitor:${dailyKey(id)}`, setCookie };
    },
  };
}

export type ViewVisitors = ReturnType<typeof createViewVisitors>;
