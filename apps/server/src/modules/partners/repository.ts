import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import {
  articles,
  categories,
  type NewPartnerConnectionRow,
  type PartnerConnectionRow,
  type PartnerPushRow,
  partnerAuditLog,
  partnerConnections,
  partnerPushes,
  users,
} from "../../db/schema";

/** Pushes that take a place under the compliance rule: new posts on their way or sent. */
const countedStatuses = ["queued", "sending", "sent"] as const;

/** Partner connections, the push ledger and the audit log (their own tables; articles are read). */
export function createPartnersRepository(db: Executor) {
  return {
    transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx));
    },

    // --- connections ---
    listConnections(tx: Executor = db): Promise<PartnerConnectionRow[]> {
      return tx.select().from(partnerConnections).orderBy(asc(partnerConnections.id));
    },

    async findConnection(id: number, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(partnerConnections)
        .where(eq(partnerConnections.id, id))
        .limit(1);
      return row;
    },

    /** The partner row, locked until the transaction ends: one writer of its queue at a time. */
    async lockConnection(id: number, tx: Executor) {
      const [row] = await tx
        .select()
        .from(partnerConnections)
        .where(eq(partnerConnections.id, id))
        .for("update");
      return row;
    },

    async findEnvConnection(tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(partnerConnections)
        .where(eq(partnerConnections.source, "env"))
        .limit(1);
      return row;
    },

    async insertConnection(values: NewPartnerConnectionRow, tx: Executor = db) {
      const [row] = await tx.insert(partnerConnections).values(values).returning();
      return row;
    },

    async updateConnection(
      id: number,
      change: Partial<NewPartnerConnectionRow>,
      tx: Executor = db,
    ) {
      const [row] = await tx
        .update(partnerConnections)
        .set(change)
        .where(eq(partnerConnections.id, id))
        .returning();
      return row;
    },

    async clearDefault(exceptId: number, tx: Executor = db) {
      await tx
        .update(partnerConnections)
        .set({ isDefault: false })
        .where(
          and(eq(partnerConnections.isDefault, true), sql`${partnerConnections.id} <> ${exceptId}`),
        );
    },

    async deleteConnection(id: number, tx: Executor = db) {
      await tx.delete(partnerConnections).where(eq(partnerConnections.id, id));
    },

    async hasPushes(partnerId: number, tx: Executor = db) {
      const [row] = await tx
        .select({ id: partnerPushes.id })
        .from(partnerPushes)
        .where(eq(partnerPushes.partnerId, partnerId))
        .limit(1);
      return !!row;
    },

    // --- articles (read only) ---
    async findArticle(id: number, tx: Executor = db) {
      const [row] = await tx
        .select({
          id: articles.id,
          slug: articles.slug,
          title: articles.title,
          excerpt: articles.excerpt,
          content: articles.content,
          featuredImage: articles.featuredImage,
          tags: articles.tags,
          status: articles.status,
          isActive: articles.isActive,
          publishedAt: articles.publishedAt,
          updatedAt: articles.updatedAt,
          category: categories.name,
          authorFirstName: users.firstName,
          authorLastName: users.lastName,
        })
        .from(articles)
        .leftJoin(categories, eq(categories.id, articles.categoryId))
        .leftJoin(users, eq(users.id, articles.authorId))
        .where(eq(articles.id, id))
        .limit(1);
      return row;
    },

    async articleTitles(ids: number[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return tx
        .select({
          id: articles.id,
          title: articles.title,
          status: articles.status,
          isActive: articles.isActive,
          publishedAt: articles.publishedAt,
        })
        .from(articles)
        .where(inArray(articles.id, ids));
    },

    /**
     * Published articles this partner has not had yet (or has queued), ranked by views and then by
     * how recent they are: each day of age counts as much as 50 views.
     */
    recommendations(partnerId: number | null, limit: number, now: Date, tx: Executor = db) {
      const alreadyThere = partnerId
        ? tx
            .select({ id: partnerPushes.articleId })
            .from(partnerPushes)
            .where(
              and(
                eq(partnerPushes.partnerId, partnerId),
                notInArray(partnerPushes.status, ["failed", "cancelled"]),
              ),
            )
        : null;
      const ageDays = sql`extract(epoch from (${now.toISOString()}::timestamptz - coalesce(${articles.publishedAt}, ${articles.createdAt}))) / 86400.0`;
      return tx
        .select({
          id: articles.id,
          title: articles.title,
          slug: articles.slug,
          excerpt: articles.excerpt,
          viewCount: articles.viewCount,
          publishedAt: articles.publishedAt,
          category: categories.name,
        })
        .from(articles)
        .leftJoin(categories, eq(categories.id, articles.categoryId))
        .where(
          and(
            eq(articles.status, "published"),
            eq(articles.isActive, true),
            alreadyThere ? notInArray(articles.id, alreadyThere) : undefined,
          ),
        )
        .orderBy(desc(sql`${articles.viewCount} - 50 * ${ageDays}`), desc(articles.id))
        .limit(limit);
    },

    // --- the ledger ---
    async insertPush(values: typeof partnerPushes.$inferInsert, tx: Executor = db) {
      const [row] = await tx.insert(partnerPushes).values(values).returning();
      return row;
    },

    async updatePush(
      id: number,
      change: Partial<typeof partnerPushes.$inferInsert>,
      tx: Executor = db,
    ) {
      const [row] = await tx
        .update(partnerPushes)
        .set(change)
        .where(eq(partnerPushes.id, id))
        .returning();
      return row;
    },

    async findPush(id: number, tx: Executor = db) {
      const [row] = await tx.select().from(partnerPushes).where(eq(partnerPushes.id, id)).limit(1);
      return row;
    },

    /** The article's push that is held, queued or on its way to this partner, if any. */
    async findOpenPush(partnerId: number, articleId: number, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(partnerPushes)
        .where(
          and(
            eq(partnerPushes.partnerId, partnerId),
            eq(partnerPushes.articleId, articleId),
            inArray(partnerPushes.status, ["held", "queued", "sending"]),
          ),
        )
        .limit(1);
      return row;
    },

    /** The remote post of the article's last successful push: a re-send updates it. */
    async lastRemoteId(partnerId: number, articleId: number, tx: Executor = db) {
      const [row] = await tx
        .select({ remoteId: partnerPushes.remoteId })
        .from(partnerPushes)
        .where(
          and(
            eq(partnerPushes.partnerId, partnerId),
            eq(partnerPushes.articleId, articleId),
            eq(partnerPushes.status, "sent"),
          ),
        )
        .orderBy(desc(partnerPushes.sentAt), desc(partnerPushes.id))
        .limit(1);
      return row?.remoteId ?? null;
    },

    /** Slot times of new posts sent, on their way or queued since `since`, oldest first. */
    async countedSlots(partnerId: number, since: Date, tx: Executor = db): Promise<Date[]> {
      const rows = await tx
        .select({ slotAt: partnerPushes.slotAt })
        .from(partnerPushes)
        .where(
          and(
            eq(partnerPushes.partnerId, partnerId),
            eq(partnerPushes.action, "create"),
            inArray(partnerPushes.status, [...countedStatuses]),
            gt(partnerPushes.slotAt, since),
          ),
        )
        .orderBy(asc(partnerPushes.slotAt), asc(partnerPushes.id));
      return rows.map((row) => row.slotAt as Date);
    },

    /** New posts that went out (or are going out right now) in (since, until]. */
    async countSent(partnerId: number, since: Date, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ value: sql<number>`count(*)::int` })
        .from(partnerPushes)
        .where(
          and(
            eq(partnerPushes.partnerId, partnerId),
            eq(partnerPushes.action, "create"),
            inArray(partnerPushes.status, ["sending", "sent"]),
            gt(partnerPushes.slotAt, since),
          ),
        );
      return Number(row?.value ?? 0);
    },

    /** Sent slots (for the rule at send time), oldest first. */
    async sentSlots(partnerId: number, since: Date, tx: Executor = db): Promise<Date[]> {
      const rows = await tx
        .select({ slotAt: partnerPushes.slotAt })
        .from(partnerPushes)
        .where(
          and(
            eq(partnerPushes.partnerId, partnerId),
            eq(partnerPushes.action, "create"),
            inArray(partnerPushes.status, ["sending", "sent"]),
            gt(partnerPushes.slotAt, since),
          ),
        )
        .orderBy(asc(partnerPushes.slotAt), asc(partnerPushes.id));
      return rows.map((row) => row.slotAt as Date);
    },

    /** The partner's queue in the order it goes out. */
    queued(partnerId: number, tx: Executor = db): Promise<PartnerPushRow[]> {
      return tx
        .select()
        .from(partnerPushes)
        .where(and(eq(partnerPushes.partnerId, partnerId), eq(partnerPushes.status, "queued")))
        .orderBy(asc(partnerPushes.slotAt), asc(partnerPushes.id));
    },

    /** Pushes left "sending" by a server that stopped during the call. */
    async staleSending(before: Date, tx: Executor = db) {
      return tx
        .select()
        .from(partnerPushes)
        .where(and(eq(partnerPushes.status, "sending"), lt(partnerPushes.updatedAt, before)));
    },

    /** Partners with something queued that is due. */
    async partnersWithDueWork(now: Date, tx: Executor = db): Promise<number[]> {
      const rows = await tx
        .selectDistinct({ partnerId: partnerPushes.partnerId })
        .from(partnerPushes)
        .where(
          and(
            eq(partnerPushes.status, "queued"),
            lt(partnerPushes.slotAt, new Date(now.getTime() + 1)),
            or(
              isNull(partnerPushes.nextAttemptAt),
              lt(partnerPushes.nextAttemptAt, new Date(now.getTime() + 1)),
            ),
          ),
        );
      return rows.map((row) => row.partnerId);
    },

    /** Ledger rows with their partner and article, newest first, for a campaign or everyone. */
    listPushes(
      filter: { campaignId?: number; partnerId?: number; limit: number },
      tx: Executor = db,
    ) {
      return tx
        .select({
          push: partnerPushes,
          partnerName: partnerConnections.name,
          articleTitle: articles.title,
        })
        .from(partnerPushes)
        .innerJoin(partnerConnections, eq(partnerConnections.id, partnerPushes.partnerId))
        .innerJoin(articles, eq(articles.id, partnerPushes.articleId))
        .where(
          and(
            filter.campaignId ? eq(partnerPushes.campaignId, filter.campaignId) : undefined,
            filter.partnerId ? eq(partnerPushes.partnerId, filter.partnerId) : undefined,
          ),
        )
        .orderBy(
          asc(
            sql`case ${partnerPushes.status} when 'sending' then 0 when 'queued' then 1 when 'held' then 2 else 3 end`,
          ),
          asc(partnerPushes.slotAt),
          desc(partnerPushes.id),
        )
        .limit(filter.limit);
    },

    async countByStatus(partnerId: number, status: PartnerPushRow["status"], tx: Executor = db) {
      const [row] = await tx
        .select({ value: sql<number>`count(*)::int` })
        .from(partnerPushes)
        .where(and(eq(partnerPushes.partnerId, partnerId), eq(partnerPushes.status, status)));
      return Number(row?.value ?? 0);
    },

    /** Campaign pushes in one state moved to another (launch, pause, resume, cancel). */
    async pushesOfCampaign(
      campaignId: number,
      statuses: PartnerPushRow["status"][],
      tx: Executor = db,
    ) {
      return tx
        .select()
        .from(partnerPushes)
        .where(
          and(eq(partnerPushes.campaignId, campaignId), inArray(partnerPushes.status, statuses)),
        )
        .orderBy(asc(partnerPushes.id));
    },

    async sentSince(partnerId: number, since: Date, tx: Executor = db) {
      const [row] = await tx
        .select({ value: sql<number>`count(*)::int` })
        .from(partnerPushes)
        .where(
          and(
            eq(partnerPushes.partnerId, partnerId),
            eq(partnerPushes.action, "create"),
            eq(partnerPushes.status, "sent"),
            gte(partnerPushes.sentAt, since),
          ),
        );
      return Number(row?.value ?? 0);
    },

    async audit(
      entry: {
        partnerId: number | null;
        userId: number | null;
        action: string;
        detail: Record<string, unknown>;
      },
      tx: Executor = db,
    ) {
      await tx.insert(partnerAuditLog).values(entry);
    },
  };
}

export type PartnersRepository = ReturnType<typeof createPartnersRepository>;
