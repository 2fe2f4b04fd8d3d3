import { and, asc, desc, eq, gte, inArray, lt, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import {
  type NewSentimentScoreRow,
  sentimentModelReadings as readings,
  type SentimentModelReadingRecord,
  sentimentScores,
} from "../../db/schema";

export type SentimentSubjectKind = "article" | "news";
/** The row of a text as a whole; the others are one per coin. */
export const wholeTextSlug = "*";

/** The only place the sentiment_scores and sentiment_model_readings tables are queried (192, 260). */
export function createSentimentRepository(db: Executor) {
  const table = sentimentScores;
  return {
    /** Subject id -> when its sentiment was computed, for one kind. */
    async computedStamps(kind: SentimentSubjectKind, tx: Executor = db) {
      const rows = await tx
        .select({ id: table.subjectId, computedAt: table.computedAt })
        .from(table)
        .where(and(eq(table.subjectKind, kind), eq(table.coinSlug, wholeTextSlug)));
      return new Map(rows.map((row) => [row.id, row.computedAt]));
    },

    /** Replaces a subject's rows (the whole text and each coin) in one transaction. */
    async replaceSubject(
      kind: SentimentSubjectKind,
      subjectId: number,
      rows: NewSentimentScoreRow[],
      tx: Executor = db,
    ) {
      await tx
        .delete(table)
        .where(and(eq(table.subjectKind, kind), eq(table.subjectId, subjectId)));
      if (rows.length > 0) await tx.insert(table).values(rows);
    },

    async deleteSubjects(kind: SentimentSubjectKind, ids: number[], tx: Executor = db) {
      if (ids.length === 0) return;
      await tx.delete(table).where(and(eq(table.subjectKind, kind), inArray(table.subjectId, ids)));
    },

    async forSubjects(kind: SentimentSubjectKind, ids: number[], tx: Executor = db) {
      if (ids.length === 0) return [];
      // One order on every database: PostgreSQL returns rows in no fixed order, so an article's
      // coins came back in a different order from the list and by id.
      return tx
        .select()
        .from(table)
        .where(and(eq(table.subjectKind, kind), inArray(table.subjectId, ids)))
        .orderBy(asc(table.subjectId), asc(table.coinSlug));
    },

    /** Rows since `since` for one coin slug (or the whole-text rows), newest first. */
    async since(coinSlug: string, since: Date, tx: Executor = db) {
      return tx
        .select({
          subjectKind: table.subjectKind,
          subjectId: table.subjectId,
          coinSlug: table.coinSlug,
          label: table.label,
          score: table.score,
          confidence: table.confidence,
          categoryId: table.categoryId,
          publishedAt: table.publishedAt,
        })
        .from(table)
        .where(and(eq(table.coinSlug, coinSlug), gte(table.publishedAt, since)))
        .orderBy(desc(table.publishedAt));
    },

    /** Per-coin rows since `since` (every coin but the whole-text rows). */
    async coinRowsSince(since: Date, tx: Executor = db) {
      return tx
        .select({
          coinSlug: table.coinSlug,
          score: table.score,
          confidence: table.confidence,
          publishedAt: table.publishedAt,
        })
        .from(table)
        .where(and(ne(table.coinSlug, wholeTextSlug), gte(table.publishedAt, since)));
    },

    /** The AI model's earlier readings of these texts (decision 260), by text hash. */
    async modelReadings(model: string, hashes: string[], tx: Executor = db) {
      if (hashes.length === 0) return new Map<string, SentimentModelReadingRecord>();
      const rows = await tx
        .select({ textHash: readings.textHash, reading: readings.reading })
        .from(readings)
        .where(and(eq(readings.model, model), inArray(readings.textHash, hashes)));
      return new Map(rows.map((row) => [row.textHash, row.reading]));
    },

    async saveModelReadings(
      model: string,
      entries: { hash: string; reading: SentimentModelReadingRecord }[],
      tx: Executor = db,
    ) {
      if (entries.length === 0) return;
      await tx
        .insert(readings)
        .values(entries.map((entry) => ({ model, textHash: entry.hash, reading: entry.reading })))
        .onConflictDoNothing();
    },

    /** Drops readings older than `before`: a text not seen for a month is read afresh. */
    async pruneModelReadings(before: Date, tx: Executor = db) {
      await tx.delete(readings).where(lt(readings.createdAt, before));
    },

    async count(tx: Executor = db): Promise<number> {
      const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(table);
      return row?.count ?? 0;
    },
  };
}

export type SentimentRepository = ReturnType<typeof createSentimentRepository>;
