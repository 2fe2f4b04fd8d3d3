import { type SQL, sql } from "drizzle-orm";
import { articles } from "../../db/schema";
import { searchWords } from "../../lib/search-highlight";

export interface ArticleSearchLayer {
  /** WHERE condition: which articles match. */
  match: SQL;
  /** Higher is better; used to order results when no other sort is asked for. */
  rank: SQL<number>;
}

export interface ArticleSearch extends ArticleSearchLayer {
  /** Asked only when the search itself finds nothing: titles that look like the words (typos). */
  fallback?: ArticleSearchLayer;
}

/**
 * PostgreSQL full-text search over the weighted search vector (title A, excerpt and tags B, body
 * C; GIN index), in layers so a reader finds what they meant:
 * - the reader's words as a web search (`websearch_to_tsquery`: quotes, OR, -excluded);
 * - the same words as prefixes ("ether" finds Ethereum), for words still being typed;
 * - only when those find nothing, trigram word similarity against the title (pg_trgm), for typos
 *   ("etherum").
 * All use GIN indexes. Title matches rank above excerpt and tag matches, which rank above body
 * matches, because of the vector's weights.
 *
 * The typo layer is a fallback, not part of the same OR (decision 039): a trigram index match
 * must be rechecked row by row, and PostgreSQL then rechecks the whole OR, reading every
 * candidate's body vector out of TOAST; ranking by word similarity cost as much again. On 10,000
 * articles a common word took ~19 ms that way and takes ~4 ms as plain full text.
 */
export function buildArticleSearch(text: string): ArticleSearch | null {
  const phrase = text.trim().slice(0, 200);
  const words = searchWords(phrase);
  if (!phrase || words.length === 0) return null;
  const web = sql`websearch_to_tsquery('english', ${phrase}::text)`;
  const vector = articles.searchVector;
  // Ranking reads the small title/excerpt/tags vector: a body-only match ranks below every
  // title, excerpt or tag match (then newest first), and thousands of matches stay cheap.
  const summary = articles.searchSummaryVector;
  // "quoted phrases", OR and -excluded words are meant exactly: no loose fallbacks then.
  if (/"|(^|\s)-\S|\sor\s/i.test(phrase)) {
    return { match: sql`${vector} @@ ${web}`, rank: sql<number>`ts_rank(${summary}, ${web})` };
  }
  const prefix = sql`to_tsquery('english', ${words.map((word) => `${word}:*`).join(" & ")}::text)`;
  return {
    match: sql`(${vector} @@ ${web} OR ${vector} @@ ${prefix})`,
    rank: sql<number>`(ts_rank(${summary}, ${web}) * 2 + ts_rank(${summary}, ${prefix}))`,
    fallback: {
      // `title %> phrase` is the form the trigram index condition takes.
      match: sql`${articles.title} %> ${phrase}::text`,
      rank: sql<number>`word_similarity(${phrase}::text, ${articles.title})`,
    },
  };
}

/**
 * For related articles: any of the source title's words, so candidates sharing the topic match and
 * ts_rank says how much text they share.
 */
export function anyWordQuery(text: string): SQL | null {
  const words = searchWords(text).filter((word) => word.length >= 3);
  if (words.length === 0) return null;
  return sql`to_tsquery('english', ${words.join(" | ")}::text)`;
}
