/**
 * The editor's toolbar (spec point 2): headers 1-6, font, size, bold, italic, underline, strike,
 * colour, background, sub/superscript, ordered and bullet lists, indent and outdent, alignment,
 * blockquote, code block, link, image, video and clear formatting. Pure data, so it can be
 * checked without a browser.
 */
export const editorToolbar = [
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  [{ font: [] }],
  [{ size: ["small", false, "large", "huge"] }],
  ["bold", "italic", "underline", "strike"],
  [{ color: [] }, { background: [] }],
  [{ script: "sub" }, { script: "super" }],
  [{ list: "ordered" }, { list: "bullet" }],
  [{ indent: "-1" }, { indent: "+1" }],
  [{ align: [] }],
  ["blockquote", "code-block"],
  ["link", "image", "video"],
  ["clean"],
] as const;

/** The formats the editor keeps; anything else pasted in is dropped. Indent levels are 1 to 8. */
export const editorFormats = [
  "header",
  "font",
  "size",
  "bold",
  "italic",
  "underline",
  "strike",
  "color",
  "background",
  "script",
  "list",
  "indent",
  "align",
  "blockquote",
  "code-block",
  // The syntax module's token marks inside code blocks (highlight.js).
  "code-token",
  "link",
  "image",
  "video",
];

/**
 * Links keep only these schemes; anything else becomes a blank link (about:blank). The server's
 * sanitizer applies the same list, so what the editor shows is what readers get.
 */
export const linkProtocols = ["http", "https", "mailto"];

/** Spec point 5: image embeds are .jpg, .jpeg, .gif, .png files or base64 data images. */
export const imageEmbedPattern =
  /(\.(jpe?g|gif|png)(\?[^#]*)?$)|(^data:image\/(png|jpe?g|gif|webp);base64,)/i;

/**
 * Quill 2's getSemanticHTML writes every space as &nbsp;, which would stop article text from
 * wrapping on the public page. Plain spaces go back in; <pre> keeps its white-space by CSS.
 */
export function normalizeEditorHtml(html: string): string {
  const cleaned = html.replace(/&nbsp;/g, " ").replace(/\u00a0/g, " ");
  return cleaned === "<p></p>" || cleaned === "<p><br></p>" ? "" : cleaned;
}

/**
 * Names for the toolbar's pickers: Quill 2 renders them as `<span role="button">` with no text,
 * which screen readers announce as an unnamed button (axe: aria-command-name).
 */
export const pickerNames: Record<string, string> = {
  "ql-header": "Heading",
  "ql-font": "Font",
  "ql-size": "Text size",
  "ql-color": "Text colour",
  "ql-background": "Background colour",
  "ql-align": "Alignment",
};

/** Gives every picker of a Quill toolbar its name (see pickerNames). */
export function namePickers(toolbar: HTMLElement): void {
  for (const picker of toolbar.querySelectorAll<HTMLElement>(".ql-picker")) {
    const name = Object.entries(pickerNames).find(([className]) =>
      picker.classList.contains(className),
    )?.[1];
    const label = picker.querySelector(".ql-picker-label");
    if (name && label) label.setAttribute("aria-label", name);
  }
}
