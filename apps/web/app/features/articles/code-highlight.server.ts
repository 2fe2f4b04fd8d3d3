import hljs from "highlight.js/lib/common";

const entities: Record<string, string> = {
  "&lt;": "<",
  "&gt;": ">",
  "&amp;": "&",
  "&quot;": '"',
  "&#39;": "'",
  "&#x27;": "'",
  "&nbsp;": " ",
};

/**
 * Syntax highlighting of the article's code blocks on the public page, as the editor shows them
 * (Quill's syntax module with highlight.js, decision 134). Quill stores a block as
 * `<pre data-language="js">` with plain escaped text; the page gets highlight.js's token spans.
 * Blocks without a known language, or holding markup of their own, stay as they are.
 */
export function highlightCodeBlocks<T extends string | null | undefined>(html: T): T {
  if (!html?.includes("<pre")) return html;
  return (html as string).replace(
    /<pre\b([^>]*)>([\s\S]*?)<\/pre>/gi,
    (whole, attributes: string, body) => {
      const language = /\bdata-language="([\w+#-]+)"/i.exec(attributes)?.[1]?.toLowerCase();
      if (!language || language === "plain" || !hljs.getLanguage(language)) return whole;
      if (/<(?!br\s*\/?>)/i.test(body)) return whole;
      const text = (body as string)
        .replace(/<br\s*\/?>/gi, "\n")
        .replace(/&(lt|gt|amp|quot|nbsp|#39|#x27);/g, (entity) => entities[entity] ?? entity)
        .replace(/^\n/, "")
        .replace(/\n$/, "");
      const highlighted = hljs.highlight(text, { language, ignoreIllegals: true }).value;
      return `<pre${attributes}><code class="hljs language-${language}">${highlighted}</code></pre>`;
    },
  ) as T;
}
