import { describe, expect, it } from "vitest";
import { highlightCodeBlocks } from "./code-highlight.server";

describe("highlightCodeBlocks", () => {
  it("highlights a code block of a known language as the editor does", () => {
    const html = highlightCodeBlocks(
      '<p>Fetch it:</p><pre data-language="javascript">\nconst price = await fetch(&quot;/x&quot;);\n</pre>',
    );
    expect(html).toContain('<code class="hljs language-javascript">');
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    expect(html).toContain("&quot;/x&quot;");
    expect(html).toContain("<p>Fetch it:</p>");
  });

  it("leaves plain blocks, unknown languages and other HTML alone", () => {
    for (const html of [
      '<pre data-language="plain">a &lt; b</pre>',
      '<pre data-language="klingon">x</pre>',
      "<pre>no language</pre>",
      "<p>no code</p>",
    ]) {
      expect(highlightCodeBlocks(html)).toBe(html);
    }
    expect(highlightCodeBlocks(null)).toBeNull();
  });

  it("never lets code become markup", () => {
    const html = highlightCodeBlocks(
      '<pre data-language="xml">&lt;script&gt;alert(1)&lt;/script&gt;</pre>',
    );
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;");
  });
});
