/**
 * Rules the article editor (Quill, in the browser) and the server's sanitizer share, so what the
 * editor shows is what readers get (decision 134): video embeds from an allowlist of hosts, and
 * text that stays readable on the background colour an author picks.
 */

/** The hosts whose players may be embedded: in the sanitizer and in the CSP's frame-src. */
export const videoEmbedHosts = [
  "www.youtube-nocookie.com",
  "www.youtube.com",
  "player.vimeo.com",
] as const;

const youtubeId = /^[A-Za-z0-9_-]{6,20}$/;
const vimeoId = /^\d{1,12}$/;

/**
 * The player address for a YouTube or Vimeo link (a watch page, a short link, a Shorts page or
 * an embed address), or null for anything else. YouTube plays from its privacy-enhanced host.
 */
export function toVideoEmbedUrl(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, "");
  const parts = url.pathname.split("/").filter(Boolean);
  let id: string | undefined;
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (parts[0] === "watch") id = url.searchParams.get("v") ?? undefined;
    else if (parts[0] === "embed" || parts[0] === "shorts" || parts[0] === "live") id = parts[1];
  } else if (host === "youtu.be") {
    id = parts[0];
  }
  if (id !== undefined) {
    return youtubeId.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  }
  if (host === "vimeo.com" && parts.length === 1) id = parts[0];
  else if (host === "player.vimeo.com" && parts[0] === "video") id = parts[1];
  if (id !== undefined && vimeoId.test(id)) return `https://player.vimeo.com/video/${id}`;
  return null;
}

type Rgb = [number, number, number];

/** '#rgb', '#rrggbb' (alpha ignored) or 'rgb(r, g, b)' / 'rgba(...)', as Quill writes them. */
export function parseCssColor(value: string): Rgb | null {
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(text)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join("") : hex;
    return [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16)) as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*[\d.]+\s*)?\)$/.exec(
    text,
  );
  if (rgb) return [rgb[1], rgb[2], rgb[3]].map((n) => Math.min(255, Number(n))) as Rgb;
  return null;
}

function luminance([r, g, b]: Rgb): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const nearBlack: Rgb = [17, 17, 17];
const white: Rgb = [255, 255, 255];

/** The text colour ('#111111' or '#ffffff') that reads best on this background. */
export function readableTextColor(background: string): string | null {
  const rgb = parseCssColor(background);
  if (!rgb) return null;
  return contrastRatio(rgb, nearBlack) >= contrastRatio(rgb, white) ? "#111111" : "#ffffff";
}

/**
 * The text colour to use on `background`: the author's own when it reads (4.5:1, WCAG AA),
 * otherwise black or white, whichever reads best.
 */
export function textColorOnBackground(background: string, color: string | null): string | null {
  const bg = parseCssColor(background);
  if (!bg) return color;
  const own = color ? parseCssColor(color) : null;
  if (own && contrastRatio(bg, own) >= 4.5) return color;
  return readableTextColor(background);
}
