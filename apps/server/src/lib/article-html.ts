import {
  textColorOnBackground,
  toVideoEmbedUrl,
  videoEmbedHosts,
} from "@aurumwire/shared/rich-text";
import sanitizeHtml from "sanitize-html";

const textStyle = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*[\d.]+\s*)?\)$/i,
];
const safeDataImage = /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i;
export const videoHosts: string[] = [...videoEmbedHosts];

/** One property of an inline style attribute (the last one wins, as in CSS). */
function styleValue(style: string, property: string): string | null {
  let found: string | null = null;
  for (const declaration of style.split(";")) {
    const at = declaration.indexOf(":");
    if (at < 0) continue;
    if (declaration.slice(0, at).trim().toLowerCase() === property) {
      found = declaration.slice(at + 1).trim();
    }
  }
  return found;
}

/**
 * Text on a background colour the author picked stays readable (decision 134): without a text
 * colour, or with one below 4.5:1 on it, it gets black or white, whichever reads best.
 */
function readableOnBackground(style: string | undefined): string | undefined {
  if (!style) return style;
  const background = styleValue(style, "background-color");
  if (!background) return style;
  const color = styleValue(style, "color");
  const readable = textColorOnBackground(background, color);
  if (!readable || readable === color) return style;
  const rest = style
    .split(";")
    .filter((declaration) => declaration.split(":")[0]?.trim().toLowerCase() !== "color")
    .map((declaration) => declaration.trim())
    .filter(Boolean);
  return [...rest, `color: ${readable}`].join("; ");
}

/**
 * The allowlist of what the article editor (Quill 2) produces. Runs on every save, so readers only
 * ever receive this: no scripts, no event handlers, no javascript: URLs, links only http(s) and
 * mailto, images only http(s), site paths or data:image, embeds only from known video hosts.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "strike",
    "sub",
    "sup",
    "span",
    "ol",
    "ul",
    "li",
    "blockquote",
    "pre",
    "code",
    "a",
    "img",
    "iframe",
    "figure",
    "figcaption",
    "hr",
  ],
  allowedAttributes: {
    "*": ["class", "style"],
    a: ["href", "target", "rel", "title"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    iframe: [
      "src",
      "width",
      "height",
      "frameborder",
      "allowfullscreen",
      "allow",
      "title",
      "loading",
    ],
    li: ["data-list", "class", "style"],
    pre: ["spellcheck", "class", "data-language"],
  },
  allowedClasses: { "*": ["ql-*"] },
  allowedStyles: {
    "*": {
      color: textStyle,
      "background-color": textStyle,
      "text-align": [/^(left|right|center|justify)$/],
    },
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https", "data"], iframe: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  allowedIframeHostnames: videoHosts,
  allowIframeRelativeUrls: false,
  transformTags: {
    a: (tagName, attribs) => {
      const next = { ...attribs };
      if (next.target === "_blank" || /^https?:/i.test(next.href ?? "")) {
        next.target = "_blank";
        next.rel = "noopener noreferrer nofollow";
      } else {
        delete next.target;
      }
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy" } }),
    span: (tagName, attribs) => ({
      tagName,
      attribs: attribs.style
        ? { ...attribs, style: readableOnBackground(attribs.style) ?? "" }
        : attribs,
    }),
    // Video embeds: only players of the allowed hosts (a watch-page link becomes its player);
    // anything else loses its src and is dropped below.
    iframe: (tagName, attribs) => {
      const src = attribs.src ? toVideoEmbedUrl(attribs.src) : null;
      if (!src) return { tagName, attribs: {} as sanitizeHtml.Attributes };
      const player: sanitizeHtml.Attributes = {
        class: "ql-video",
        src,
        title: attribs.title || "Embedded video",
        frameborder: "0",
        allowfullscreen: "true",
        allow: "encrypted-media; picture-in-picture; fullscreen",
        loading: "lazy",
      };
      return { tagName, attribs: player };
    },
  },
  exclusiveFilter: (frame) =>
    (frame.tag === "iframe" && !frame.attribs.src) ||
    (frame.tag === "img" &&
      (!frame.attribs.src ||
        (/^data:/i.test(frame.attribs.src) && !safeDataImage.test(frame.attribs.src)))),
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** Plain text for excerpts, feeds and search: no markup at all. */
export function htmlToText(html: string): string {
  const spaced = html.replace(/<\/(p|h[1-6]|li|blockquote|pre|figcaption)>|<br\s*\/?>/gi, "$& ");
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/\s+/g, " ")
    .trim();
}
