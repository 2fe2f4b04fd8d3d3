import type { ReviewState } from "@aurumwire/shared/article-review";
import { and, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client";
import { deleteRows } from "../../db/delete-rows";
import { type ArticleReviewRow, articleReviews, articles, users } from "../../db/schema";

const submitter = alias(users, "review_submitter");
const returner = alias(users, "review_returner");

export type ReviewRecord = {
  row: ArticleReviewRow;
  submittedBy: { id: number; firstName: string; lastName: string } | null;
  returnedBy: { id: number; firstName: string; lastName: string } | null;
};

/** The only place the review of articles (decision 265) touches the database. */
export function createArticleReviewRepository(db: Executor) {
  const selectRecords = (tx: Executor) =>
    tx
      .select({
        row: articleReviews,
        submittedBy: {
          id: submitter.id,
          firstName: submitter.firstName,
          lastName: submitter.lastName,
        },
        returnedBy: { id: returner.id, firstName: returner.firstName, lastName: returner.lastName },
      })
      .from(articleReviews)
      .leftJoin(submitter, eq(submitter.id, articleReviews.submittedBy))
      .leftJoin(returner, eq(returner.id, articleReviews.returnedBy));

  return {
    async find(articleId: number, tx: Executor = db): Promise<ReviewRecord | undefined> {
      const [record] = await selectRecords(tx).where(eq(articleReviews.articleId, articleId));
      return record;
    },

    async findMany(articleIds: number[], tx: Executor = db): Promise<ReviewRecord[]> {
      if (articleIds.length === 0) return [];
      return selectRecords(tx).where(inArray(articleReviews.articleId, articleIds));
    },

    /** Into the queue: a first submission, or a resubmission after changes were requested. */
    async submit(articleId: number, userId: number, at: Date, tx: Executor = db) {
      await tx
        .insert(articleReviews)
        .values({ articleId, state: "in_review", submittedBy: userId, submittedAt: at })
        .onConflictDoUpdate({
          target: articleReviews.articleId,
          set: { state: "in_review", submittedBy: userId, submittedAt: at },
        });
    },

    /** Back to the author with a note; only from the queue (false when it was not in it). */
    async markReturned(
      articleId: number,
      change: { returnedBy: number; note: string; at: Date },
      tx: Executor = db,
    ): Promise<boolean> {
      const rows = await tx
        .update(articleReviews)
        .set({
          state: "changes_requested",
          note: change.note,
          returnedBy: change.returnedBy,
          returnedAt: change.at,
        })
        .where(and(eq(articleReviews.articleId, articleId), eq(articleReviews.state, "in_review")))
        .returning({ articleId: articleReviews.articleId });
      return rows.length > 0;
    },

    /** Out of review: the article was published, scheduled or archived. */
    remove(articleId: number, tx: Executor = db): Promise<boolean> {
      return deleteRows(tx, articleReviews, eq(articleReviews.articleId, articleId));
    },

    /** How many articles are in each state; of one author's, or of everyone's. */
    async counts(authorId: number | undefined, tx: Executor = db) {
      const rows = await tx
        .select({ state: articleReviews.state, value: count() })
        .from(articleReviews)
        .innerJoin(articles, eq(articles.id, articleReviews.articleId))
        .where(authorId ? eq(articles.authorId, authorId) : undefined)
        .groupBy(articleReviews.state);
      const of = (state: ReviewState) => rows.find((row) => row.state === state)?.value ?? 0;
      return { inReview: of("in_review"), changesRequested: of("changes_requested") };
    },

    /**
     * The newest reviews for the bell: the queue for an editor (others' submissions), or an
     * author's returned articles.
     */
    async latest(
      filter:
        | { state: "in_review"; notAuthor: number }
        | { state: "changes_requested"; author: number },
      limit: number,
      tx: Executor = db,
    ) {
      const order =
        filter.state === "in_review" ? articleReviews.submittedAt : articleReviews.returnedAt;
      return tx
        .select({
          articleId: articles.id,
          title: articles.title,
          submittedAt: articleReviews.submittedAt,
          returnedAt: articleReviews.returnedAt,
        })
        .from(articleReviews)
        .innerJoin(articles, eq(articles.id, articleReviews.articleId))
        .where(
          and(
            eq(articleReviews.state, filter.state),
            "author" in filter
              ? eq(articles.authorId, filter.author)
              : ne(articles.authorId, filter.notAuthor),
          ),
        )
        .orderBy(desc(order))
        .limit(limit);
    },
  };
}

/** For the management list's `?status=review` filter (articles/repository.ts). */
export function reviewStateCondition(state: ReviewState) {
  return sql`exists (select 1 from ${articleReviews} where ${articleReviews.articleId} = ${articles.id} and ${articleReviews.state} = ${state})`;
}

export type ArticleReviewRepository = ReturnType<typeof createArticleReviewRepository>;
