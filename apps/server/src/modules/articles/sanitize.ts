import sanitizeHtml from "sanitize-html";

const textStyle = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*[\d.]+\s*)?\)$/i,
];
const safeDataImage = /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i;
export const videoHosts = ["www.youtube.com", "www.youtube-nocookie.com", "player.vimeo.com"];

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
    iframe: ["src", "width", "height", "frameborder", "allowfullscreen", "allow", "title"],
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
