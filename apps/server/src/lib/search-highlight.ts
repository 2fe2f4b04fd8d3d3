import type { HighlightPart } from "@aurumwire/shared/articles";
import { decodeHtmlEntities } from "./html-entities";

/** The words of a search as the prefix fallback sees them: lowercase ASCII letters and digits. */
export function searchWords(text: string): string[] {
  const words =
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? [];
  return [...new Set(words)].filter((word) => word.length >= 2).slice(0, 8);
}

/** A snippet aims at this many characters; word-boundary cuts keep it within ~160-220. */
const snippetLength = 200;
/** A text up to this long is shown whole rather than cut. */
const wholeTextMax = 220;
/** Context kept before the first match, so the snippet does not open on the matched word. */
const leadIn = 60;
/** How far a cut may move to reach a word boundary before it cuts through a (very long) word. */
const boundarySlack = 30;

// PostgreSQL's English stop words: the search drops them, so they are never marked either.
const stopWords = new Set(
  (
    "i me my myself we our ours ourselves you your yours yourself yourselves he him his himself " +
    "she her hers herself it its itself they them their theirs themselves what which who whom " +
    "this that these those am is are was were be been being have has had having do does did " +
    "doing a an the and but if or because as until while of at by for with about against between " +
    "into through during before after above below to from up down in out on off over under again " +
    "further then once here there when where why how all any both each few more most other some " +
    "such no nor not only own same so than too very s t can will just don should now"
  ).split(" "),
);

/** Letters and digits, as the search's own word split sees them (plus non-Latin letters). */
const wordPattern = /[\p{L}\p{N}]+/gu;

// biome-ignore lint/suspicious/noControlCharactersInRegex: the test is for "ASCII only"
const asciiOnly = /^[\x00-\x7f]*$/;

/** Lowercase, accents dropped ("Ethéreum" reads "ethereum"), as in searchWords; words or texts. */
function normalizeWord(word: string): string {
  const lower = word.toLowerCase();
  return asciiOnly.test(lower) ? lower : lower.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
}

/** Words the suffix rules below would get wrong, kept as they are. */
const unstemmed = new Set(["news", "series", "species"]);

/**
 * A small English stemmer after the first step of Snowball's, which the search uses: plural and
 * -ed/-ing endings, with the "e" put back on short stems. Close enough that the word forms the
 * search finds get marked: staking/staked/stakes -> stake, mining/mined/mines -> mine,
 * currencies -> currency, stopped -> stop.
 */
export function stemWord(word: string): string {
  if (word.length <= 3 || unstemmed.has(word)) return word;
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  const ending = /(?<!e)ed$|ing$/.exec(word);
  if (ending) {
    const stem = word.slice(0, ending.index);
    if (!/[aeiouy]/.test(stem)) return word; // "bring", "red"
    if (/([^aeiouylsz])\1$/.test(stem)) return stem.slice(0, -1); // stopp -> stop
    if (/^[^aeiouy]*[aeiouy]+[^aeiouywx]$/.test(stem)) return `${stem}e`; // stak -> stake
    return stem;
  }
  if (word.endsWith("s") && !/[siu]s$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The words a search marks: its words without exclusions (-word) and without stop words. */
export function highlightTerms(search: string): string[] {
  const withoutExclusions = search.replace(/(^|\s)-("[^"]*"?|\S+)/g, " ");
  return searchWords(withoutExclusions).filter((word) => !stopWords.has(word));
}

export interface SearchHighlighter {
  /** Whether the text contains one of the searched words (or a form of one). */
  matches(text: string): boolean;
  /**
   * ~200 characters of the text around its first match, matches marked; cut at word boundaries
   * with "…" at cut ends. Null when the text has no match.
   */
  snippet(text: string): HighlightPart[] | null;
}

/**
 * Marks words the way the search finds them, closely enough for a reader: a text word matches a
 * searched word when it starts with it ("quokkanom" marks "Quokkanomics") or its stem starts with
 * the searched word's stem, as the search's prefix layer (`stake:*`) does: "staking" marks
 * "staked" and "stakeholder", "mining" marks "miners". Null when nothing can be marked.
 */
export function createSearchHighlighter(search: string): SearchHighlighter | null {
  const terms = highlightTerms(search);
  if (terms.length === 0) return null;
  const termStems = terms.map(stemWord);
  // A stem is the word cut short, at most one letter ("e", "y") put back: a word whose stem starts
  // with a searched stem starts with that stem minus its last letter. Most words fail this cheap
  // test, which keeps a body's scan well under a millisecond.
  const leads = termStems.map((stem) => stem.slice(0, -1));
  const isMatch = (word: string) => {
    const normalized = normalizeWord(word);
    if (!leads.some((lead) => normalized.startsWith(lead))) return false;
    if (terms.some((term) => normalized.startsWith(term))) return true;
    const stem = stemWord(normalized);
    return termStems.some((termStem) => stem.startsWith(termStem));
  };
  const firstMatch = (text: string): { start: number; end: number } | null => {
    // Most bodies hold none of the leads at all: one scan of the whole text settles that.
    const folded = normalizeWord(text);
    if (!leads.some((lead) => folded.includes(lead))) return null;
    for (const found of text.matchAll(wordPattern)) {
      if (isMatch(found[0])) return { start: found.index, end: found.index + found[0].length };
    }
    return null;
  };

  return {
    matches: (text) => firstMatch(text) !== null,
    snippet(text) {
      const first = firstMatch(text);
      if (!first) return null;
      const { start, end } = snippetWindow(text, first);
      return markWords(text, start, end, isMatch);
    },
  };
}

/** The start of a text, cut at a word boundary: the fallback when no text has a match. */
export function leadingSnippet(text: string): HighlightPart[] {
  const { start, end } = snippetWindow(text, { start: 0, end: 0 });
  return markWords(text, start, end, () => false);
}

/** Where to cut: whole when short, otherwise ~200 characters with some context before the match. */
function snippetWindow(
  text: string,
  match: { start: number; end: number },
): { start: number; end: number } {
  if (text.length <= wholeTextMax) return { start: 0, end: text.length };
  let start = Math.max(0, Math.min(match.start - leadIn, text.length - snippetLength));
  if (start > 0 && !/\s/.test(text[start - 1])) {
    // Forward to the next word, never past the match.
    const space = text.slice(start, Math.min(match.start, start + boundarySlack)).search(/\s\S/);
    start = space >= 0 ? start + space + 1 : start;
  }
  let end = Math.max(start + snippetLength, match.end);
  if (end >= text.length) return { start, end: text.length };
  // Back to the end of a word, never before the match.
  const from = Math.max(match.end, end - boundarySlack);
  const lastSpace = text.slice(from, end + 1).search(/\s\S*$/);
  if (lastSpace >= 0) end = from + lastSpace;
  return { start, end };
}

/** The text between start and end in parts, matched words marked, "…" where the text was cut. */
function markWords(
  text: string,
  start: number,
  end: number,
  isMatch: (word: string) => boolean,
): HighlightPart[] {
  const slice = text.slice(start, end);
  const parts: HighlightPart[] = [];
  let plain = start > 0 ? "…" : "";
  let last = 0;
  for (const found of slice.matchAll(wordPattern)) {
    if (!isMatch(found[0])) continue;
    plain += slice.slice(last, found.index);
    if (plain) parts.push({ text: plain, match: false });
    parts.push({ text: found[0], match: true });
    plain = "";
    last = found.index + found[0].length;
  }
  let tail = slice.slice(last);
  // A cut end drops the punctuation it lands on: "…rewards…", not "…rewards,…".
  if (end < text.length) tail = `${tail.replace(/[\s,;:.!?\-–—(]+$/, "")}…`;
  plain += tail;
  if (plain) parts.push({ text: plain, match: false });
  return parts;
}

/**
 * Readable text of a stored (already sanitized) article body, cheaply: headings end with a full
 * stop, block tags become spaces, inline tags vanish, entities are decoded. The result is shown
 * as text, never as HTML.
 */
export function articleBodyText(html: string): string {
  return decodeHtmlEntities(
    html
      // "Cheaper power. Miners chase…", not "Cheaper power Miners chase…".
      .replace(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/gi, (_heading, _level, inner: string) => {
        const text = inner.replace(/<[^>]*>/g, "").trim();
        return ` ${text}${text === "" || /[.!?:;]$/.test(text) ? "" : "."} `;
      })
      .replace(
        /<\/?(p|h[1-6]|li|ul|ol|blockquote|figure|figcaption|br|hr|img|iframe|div)\b[^>]*>/gi,
        " ",
      )
      .replace(/<[^>]*>/g, ""),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The snippet of a search result: from the excerpt when it has a match, else from the body text
 * (which the caller fetched only for results whose title and excerpt do not match), else the
 * excerpt's start: the title matched (the card shows it anyway), or a tag, or a typo.
 */
export function articleHighlight(
  highlighter: SearchHighlighter | null,
  article: { excerpt: string },
  bodyText?: string,
): HighlightPart[] {
  const snippet =
    highlighter?.snippet(article.excerpt) ??
    (bodyText === undefined ? null : highlighter?.snippet(bodyText));
  return snippet ?? leadingSnippet(article.excerpt);
}

/** Whether a result's snippet needs its body: the searched words are not in title or excerpt. */
export function needsBodyText(
  highlighter: SearchHighlighter | null,
  article: { title: string; excerpt: string },
): boolean {
  return (
    highlighter !== null &&
    !highlighter.matches(article.title) &&
    !highlighter.matches(article.excerpt)
  );
}
