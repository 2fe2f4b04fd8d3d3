import type { GenerationSource } from "@aurumwire/shared/ai-writer";
import { articleBodyText, searchWords } from "../../lib/search-highlight";
import type { ArticleReads } from "../articles/reads-service";

/** How many archive articles the writer reads, and how much of them (characters) in all. */
export const maxSources = 5;
export const contextBudgetChars = 6000;
const passageChars = contextBudgetChars / maxSources;

/** Words too common to say what a topic is about. */
const fillerWords = new Set(
  "the a an and or of for to in on at by with from about into over after before what how why is are was were be this that these those its it as vs will can could should would new latest".split(
    " ",
  ),
);

/**
 * The words of a topic and its keywords as one "a or b or c" web search: an article that shares
 * any of them is a candidate and ts_rank puts those sharing the most first. A whole topic sentence
 * as one AND query would find almost nothing.
 */
export function archiveSearchQuery(topic: string, keywords: string[]): string | null {
  const words = [...new Set(searchWords(`${topic} ${keywords.join(" ")}`))].filter(
    (word) => word.length >= 3 && !fillerWords.has(word),
  );
  if (words.length === 0) return null;
  return words.slice(0, 12).join(" or ");
}

/**
 * The part of an article most about the topic: the window of sentences sharing the most words
 * with it, at most `passageChars` long, starting with the excerpt's own summary when that fits.
 */
export function bestPassage(text: string, words: string[], maxChars = passageChars): string {
  const sentences = text.match(/[^.!?]+[.!?]+(\s|$)|[^.!?]+$/g)?.map((s) => s.trim()) ?? [];
  if (sentences.length === 0) return text.slice(0, maxChars);
  const score = (sentence: string) => {
    const lower = sentence.toLowerCase();
    return words.reduce((sum, word) => sum + (lower.includes(word) ? 1 : 0), 0);
  };
  let best = { start: 0, score: -1 };
  for (let start = 0; start < sentences.length; start++) {
    let length = 0;
    let total = 0;
    for (let index = start; index < sentences.length; index++) {
      length += sentences[index].length + 1;
      if (length > maxChars && index > start) break;
      total += score(sentences[index]);
    }
    if (total > best.score) best = { start, score: total };
  }
  let passage = "";
  for (let index = best.start; index < sentences.length; index++) {
    if (passage.length + sentences[index].length + 1 > maxChars && passage) break;
    passage += `${passage ? " " : ""}${sentences[index]}`;
  }
  return passage.slice(0, maxChars);
}

/**
 * Before writing: our own published archive, searched with PostgreSQL full text for the topic
 * and keywords; the best passages of the best matches within the context budget.
 */
export async function findArchiveSources(
  articles: ArticleReads,
  topic: string,
  keywords: string[],
  publicUrl: string,
): Promise<GenerationSource[]> {
  const query = archiveSearchQuery(topic, keywords);
  if (!query) return [];
  const { records } = await articles.list({
    visibility: "public",
    search: query,
    limit: maxSources,
    offset: 0,
  });
  if (records.length === 0) return [];
  const bodies = await articles.contentByIds(records.map((record) => record.id));
  const words = query.split(" or ");
  return records.map((record) => ({
    articleId: record.id,
    title: record.title,
    slug: record.slug,
    url: `${publicUrl}/article/${record.slug}`,
    publishedAt: record.publishedAt?.toISOString() ?? null,
    passage: bestPassage(
      `${record.excerpt} ${articleBodyText(bodies.get(record.id) ?? "")}`,
      words,
    ),
  }));
}
