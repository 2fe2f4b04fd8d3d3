import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { articles, type PartnerPushRow, partnerConnections, partnerPushes } from "../../db/schema";

/** A partner's new posts (create pushes) sent or being sent, slotted after `since`. */
const newPostsSentSince = (partnerId: number, since: Date) =>
  and(
    eq(partnerPushes.partnerId, partnerId),
    eq(partnerPushes.action, "create"),
    inArray(partnerPushes.status, ["sending", "sent"]),
    gt(partnerPushes.slotAt, since),
  );

/** The push ledger (partner_pushes, decision 112): one row per push, its slot and its outcome. */
export function createLedgerRepository(db: Executor) {
  return {
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

    /** The remote post of the article's last successful push (none after a withdrawal). */
    async lastRemoteId(partnerId: number, articleId: number, tx: Executor = db) {
      const [row] = await tx
        .select({ remoteId: partnerPushes.remoteId, action: partnerPushes.action })
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
      return row && row.action !== "withdraw" ? row.remoteId : null;
    },

    /** New posts that went out (or are going out right now) since `since`. */
    async countSent(partnerId: number, since: Date, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ value: sql<number>`count(*)::int` })
        .from(partnerPushes)
        .where(newPostsSentSince(partnerId, since));
      return Number(row?.value ?? 0);
    },

    /** Sent slots (for the rule at send time), oldest first. */
    async sentSlots(partnerId: number, since: Date, tx: Executor = db): Promise<Date[]> {
      const rows = await tx
        .select({ slotAt: partnerPushes.slotAt })
        .from(partnerPushes)
        .where(newPostsSentSince(partnerId, since))
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
      filter: {
        campaignId?: number;
        partnerId?: number;
        articleId?: number;
        pushId?: number;
        limit: number;
      },
      tx: Executor = db,
    ) {
      return tx
        .select({
          push: partnerPushes,
          partnerName: partnerConnections.name,
          partnerKind: partnerConnections.kind,
          articleTitle: articles.title,
        })
        .from(partnerPushes)
        .innerJoin(partnerConnections, eq(partnerConnections.id, partnerPushes.partnerId))
        .innerJoin(articles, eq(articles.id, partnerPushes.articleId))
        .where(
          and(
            filter.campaignId ? eq(partnerPushes.campaignId, filter.campaignId) : undefined,
            filter.partnerId ? eq(partnerPushes.partnerId, filter.partnerId) : undefined,
            filter.articleId ? eq(partnerPushes.articleId, filter.articleId) : undefined,
            filter.pushId ? eq(partnerPushes.id, filter.pushId) : undefined,
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
  };
}
