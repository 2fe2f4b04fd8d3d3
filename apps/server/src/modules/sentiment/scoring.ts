import { createHash } from "node:crypto";
import type { SentimentEngine } from "@aurumwire/shared/sentiment-engine";
import type { NewSentimentScoreRow, UserRow } from "../../db/schema";
import type { ArticleReads } from "../articles/reads-service";
import type { NewsItemReads } from "../breaking-news/items-service";
import { analyzeText, type TextParts, type TextSentiment } from "./analyze-text";
import type { ReadWithModel } from "./model-engine";
import { type SentimentRepository, type SentimentSubjectKind, wholeTextSlug } from "./repository";

const scoreBatch = 100;
const newsDays = 31;
/** A reading of the AI model is kept this long (then a text still shown is read afresh). */
const modelReadingDays = 30;

interface Subject {
  id: number;
  parts: TextParts;
  publishedAt: Date;
  categoryId: number | null;
}

function hashText(parts: TextParts): string {
  return createHash("sha256")
    .update(`${parts.title ?? ""}\u0000${parts.excerpt ?? ""}\u0000${parts.body ?? ""}`)
    .digest("base64url")
    .slice(0, 22);
}

/**
 * Scoring what is new or changed (decision 192) with the engine the newsroom chose (decision
 * 260): the offline classifier, or the AI model in batches on behalf of the newsroom byline, with
 * the offline classifier for whatever the model could not read. A failure to score one item is
 * logged and skipped, never thrown (publication goes on).
 */
export function createSentimentScoring(deps: {
  repository: SentimentRepository;
  articles: ArticleReads;
  news: NewsItemReads;
  engine: () => Promise<SentimentEngine>;
  readWithModel: ReadWithModel;
  /** The account the scoring job's model calls are counted and logged for. */
  newsroomActor: () => Promise<Pick<UserRow, "id" | "role">>;
  log?: { warn(object: object, message: string): void };
  now: () => Date;
}) {
  const { repository, articles, news, log, now } = deps;

  function rowsFor(
    kind: SentimentSubjectKind,
    subject: Subject,
    result: TextSentiment,
  ): NewSentimentScoreRow[] {
    const base = {
      subjectKind: kind,
      subjectId: subject.id,
      textHash: hashText(subject.parts),
      publishedAt: subject.publishedAt,
      categoryId: subject.categoryId,
      computedAt: now(),
      engine: result.engine ?? "offline",
    };
    return [
      {
        ...base,
        coinSlug: wholeTextSlug,
        label: result.label,
        score: result.score,
        confidence: result.confidence,
        relevance: 0,
        drivers: result.drivers,
      },
      ...result.coins.map((coin) => ({
        ...base,
        coinSlug: coin.slug,
        label: coin.label,
        score: coin.score,
        confidence: coin.confidence,
        relevance: coin.relevance,
        drivers: coin.drivers,
      })),
    ];
  }

  /** The model's results for the subjects, in order; empty when the engine is offline. */
  async function modelResults(kind: SentimentSubjectKind, subjects: Subject[]) {
    if (subjects.length === 0 || (await deps.engine()) !== "ai") return [];
    try {
      const read = await deps.readWithModel(
        await deps.newsroomActor(),
        subjects.map((subject) => subject.parts),
      );
      if (read.notice) log?.warn({ kind, notice: read.notice }, "sentiment by the AI model");
      return read.results;
    } catch (error) {
      log?.warn({ err: error, kind }, "the AI model could not score sentiment; offline used");
      return [];
    }
  }

  /** Scores and stores the subjects; the ids stored. */
  async function scoreSubjects(kind: SentimentSubjectKind, subjects: Subject[]) {
    const fromModel = await modelResults(kind, subjects);
    const stored: number[] = [];
    for (const [index, subject] of subjects.entries()) {
      try {
        const result = fromModel[index] ?? analyzeText(subject.parts);
        await repository.replaceSubject(kind, subject.id, rowsFor(kind, subject, result));
        stored.push(subject.id);
      } catch (error) {
        log?.warn(
          { err: error, kind, id: subject.id },
          "could not score the sentiment of an item; skipped",
        );
      }
    }
    return stored;
  }

  async function refreshArticles(): Promise<number[]> {
    const stamps = await articles.publicArticleStamps(now());
    const computed = await repository.computedStamps("article");
    const due = stamps
      .filter((article) => {
        const at = computed.get(article.id);
        return !at || at.getTime() < article.updatedAt.getTime();
      })
      .map((article) => article.id);
    const publicIds = new Set(stamps.map((article) => article.id));
    const gone = [...computed.keys()].filter((id) => !publicIds.has(id));
    await repository.deleteSubjects("article", gone);
    const changed: number[] = [...gone];
    for (let start = 0; start < due.length; start += scoreBatch) {
      const texts = await articles.sentimentTexts(due.slice(start, start + scoreBatch));
      const subjects = texts.map((article) => ({
        id: article.id,
        parts: { title: article.title, excerpt: article.excerpt, body: article.content },
        publishedAt: article.publishedAt ?? article.updatedAt,
        categoryId: article.categoryId,
      }));
      changed.push(...(await scoreSubjects("article", subjects)));
    }
    return changed;
  }

  async function refreshNews(): Promise<number> {
    const items = await news.itemsForSentiment(new Date(now().getTime() - newsDays * 86_400_000));
    const computed = await repository.computedStamps("news");
    const due = items.filter((item) => {
      const at = computed.get(item.id);
      return !at || at.getTime() < item.fetchedAt.getTime();
    });
    const subjects = due.map((item) => ({
      id: item.id,
      parts: { title: item.title, excerpt: item.summary },
      publishedAt: item.publishedAt,
      categoryId: null,
    }));
    return (await scoreSubjects("news", subjects)).length;
  }

  return {
    /** Articles changed (scored or dropped) and news items scored since the last run. */
    async refresh(): Promise<{ articleIds: number[]; news: number }> {
      const articleIds = await refreshArticles();
      const scoredNews = await refreshNews();
      await repository.pruneModelReadings(
        new Date(now().getTime() - modelReadingDays * 86_400_000),
      );
      return { articleIds, news: scoredNews };
    },
  };
}
