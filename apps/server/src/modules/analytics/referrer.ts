import type { ReferrerSource, ViewSource } from "@aurumwire/shared/analytics";

/** Search engines and social networks by host (the host or any parent domain matches). */
const searchHosts = [
  "google",
  "bing.com",
  "duckduckgo.com",
  "search.yahoo.com",
  "yandex",
  "baidu.com",
  "ecosia.org",
  "search.brave.com",
  "startpage.com",
  "qwant.com",
  "kagi.com",
];
const socialHosts = [
  "t.co",
  "twitter.com",
  "x.com",
  "facebook.com",
  "fb.com",
  "linkedin.com",
  "lnkd.in",
  "reddit.com",
  "t.me",
  "telegram.org",
  "youtube.com",
  "instagram.com",
  "threads.net",
  "bsky.app",
  "mastodon.social",
  "news.ycombinator.com",
  "tiktok.com",
  "discord.com",
  "whatsapp.com",
];

function matches(host: string, list: readonly string[]): boolean {
  return list.some((entry) =>
    entry.includes(".")
      ? host === entry || host.endsWith(`.${entry}`)
      : // a bare name ("google") matches any of its country domains: google.de, www.google.co.uk
        host.split(".").includes(entry),
  );
}

/**
 * Where a counted view came from. Only the referrer's host is kept, and only for search, social
 * and other sites: a path or query can carry what a reader typed or who they are.
 */
export function classifyReferrer(
  source: ViewSource | undefined,
  ownHosts: readonly string[],
): { source: ReferrerSource; host: string } {
  const campaign = `${source?.utmSource ?? ""} ${source?.utmMedium ?? ""}`.toLowerCase();
  if (/newsletter|e-?mail/.test(campaign)) return { source: "newsletter", host: "" };
  let host = "";
  try {
    if (source?.referrer) host = new URL(source.referrer).hostname.toLowerCase();
  } catch {
    host = "";
  }
  host = host.replace(/^www\./, "");
  if (!host) return { source: "direct", host: "" };
  if (ownHosts.some((own) => own.replace(/^www\./, "") === host))
    return { source: "internal", host: "" };
  if (matches(host, searchHosts)) return { source: "search", host };
  if (matches(host, socialHosts)) return { source: "social", host };
  return { source: "sites", host: host.slice(0, 200) };
}
