import { describe, expect, it } from "vitest";
import { htmlToText, sanitizeArticleHtml } from "../src/lib/article-html";

describe("article HTML sanitizer", () => {
  it("keeps what the editor produces", () => {
    const html =
      '<h2>Title</h2><p class="ql-align-center"><strong>bold</strong> <em>it</em> <u>u</u> <s>s</s>' +
      '<sub>2</sub><sup>3</sup> <span style="color: #ffd700; background-color: rgb(0, 0, 0)">gold</span></p>' +
      '<ol><li data-list="bullet" class="ql-indent-1">item</li></ol><blockquote>quote</blockquote>' +
      '<pre class="ql-syntax" spellcheck="false">const a = 1;</pre>';
    // Styles come back compacted; everything else as it was.
    expect(sanitizeArticleHtml(html)).toBe(html.replace(/: /g, ":").replace(/; /g, ";"));
  });

  it("removes script tags and their content", () => {
    expect(sanitizeArticleHtml("<p>hi</p><script>alert(1)</script>")).toBe("<p>hi</p>");
  });

  it("removes event handlers", () => {
    expect(sanitizeArticleHtml('<img src="https://x.test/a.png" onerror="alert(1)">')).toBe(
      '<img src="https://x.test/a.png" loading="lazy" />',
    );
    expect(sanitizeArticleHtml('<p onclick="steal()">x</p>')).toBe("<p>x</p>");
  });

  it("drops javascript: and other schemes from links, keeps http(s) and mailto", () => {
    expect(sanitizeArticleHtml('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeArticleHtml('<a href="JaVaScRiPt:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeArticleHtml('<a href="vbscript:x">x</a>')).toBe("<a>x</a>");
    expect(sanitizeArticleHtml('<a href="mailto:desk@aurumwire.test">mail</a>')).toBe(
      '<a href="mailto:desk@aurumwire.test">mail</a>',
    );
    expect(sanitizeArticleHtml('<a href="https://bitcoin.org">b</a>')).toBe(
      '<a href="https://bitcoin.org" target="_blank" rel="noopener noreferrer nofollow">b</a>',
    );
  });

  it("defeats nested and encoded tricks", () => {
    expect(sanitizeArticleHtml("<scr<script>ipt>alert(1)</script>")).not.toMatch(/<script/i);
    expect(sanitizeArticleHtml('<a href="jav&#x09;ascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeArticleHtml('<svg><g onload="alert(1)"></g></svg><p>ok</p>')).toBe("<p>ok</p>");
    expect(sanitizeArticleHtml('<p style="background:url(javascript:alert(1))">x</p>')).toBe(
      "<p>x</p>",
    );
    expect(sanitizeArticleHtml('<iframe src="https://evil.test/x"></iframe>')).toBe("");
  });

  it("allows images from http(s), site paths and data:image only", () => {
    expect(sanitizeArticleHtml('<img src="/uploads/a.webp">')).toBe(
      '<img src="/uploads/a.webp" loading="lazy" />',
    );
    expect(sanitizeArticleHtml('<img src="data:image/png;base64,iVBORw0KGgo=">')).toContain(
      "data:image/png",
    );
    expect(sanitizeArticleHtml('<img src="data:text/html;base64,PHNjcmlwdD4=">')).toBe("");
    expect(sanitizeArticleHtml('<img src="javascript:alert(1)">')).not.toContain("javascript");
  });

  it("keeps video embeds from YouTube and Vimeo only, as their players", () => {
    const player = (src: string) =>
      `<iframe class="ql-video" src="${src}" title="Embedded video" frameborder="0" allowfullscreen="true" allow="encrypted-media; picture-in-picture; fullscreen" loading="lazy"></iframe>`;
    expect(
      sanitizeArticleHtml(
        '<iframe class="ql-video" src="https://www.youtube.com/embed/dQw4w9WgXcQ" frameborder="0" allowfullscreen="true"></iframe>',
      ),
    ).toBe(player("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"));
    // A watch page cannot be framed: it is stored as its player.
    expect(
      sanitizeArticleHtml('<iframe src="https://www.youtube.com/watch?v=dQw4w9WgXcQ"></iframe>'),
    ).toBe(player("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"));
    expect(sanitizeArticleHtml('<iframe src="https://vimeo.com/76979871"></iframe>')).toBe(
      player("https://player.vimeo.com/video/76979871"),
    );
    expect(sanitizeArticleHtml('<iframe src="https://www.youtube.com/@channel"></iframe>')).toBe(
      "",
    );
    expect(
      sanitizeArticleHtml('<iframe src="http://player.vimeo.com.evil.test/video/1"></iframe>'),
    ).toBe("");
  });

  it("keeps text readable on the background colour an author picked", () => {
    // Quill writes a background without a text colour: the dark page's light text would vanish.
    expect(
      sanitizeArticleHtml('<p><span style="background-color: rgb(255, 255, 0);">note</span></p>'),
    ).toBe('<p><span style="background-color:rgb(255, 255, 0);color:#111111">note</span></p>');
    expect(
      sanitizeArticleHtml(
        '<p><span style="background-color: #000000; color: #111111;">x</span></p>',
      ),
    ).toBe('<p><span style="background-color:#000000;color:#ffffff">x</span></p>');
    // An author's colour that reads is kept.
    expect(
      sanitizeArticleHtml(
        '<p><span style="background-color: #ffff00; color: #0000ff;">x</span></p>',
      ),
    ).toBe('<p><span style="background-color:#ffff00;color:#0000ff">x</span></p>');
  });

  it("turns HTML into plain text", () => {
    expect(htmlToText("<p>Bitcoin <strong>rallies</strong></p><p>again</p>")).toBe(
      "Bitcoin rallies again",
    );
  });
});
