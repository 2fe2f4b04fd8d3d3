import { and, asc, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { deleteRows } from "../../db/delete-rows";
import { publicArticleCondition } from "../../db/public-articles";
import {
  articles,
  categories,
  type NewPartnerConnectionRow,
  type PartnerConnectionRow,
  partnerAuditLog,
  partnerConnections,
  partnerPushes,
  partnerRemoteRefs,
  users,
} from "../../db/schema";
import { createLedgerRepository } from "./ledger-repository";

/** One thing the partner already has: of this kind, by our key (decision 171). */
const remoteRef = (partnerId: number, kind: string, key: string) =>
  and(
    eq(partnerRemoteRefs.partnerId, partnerId),
    eq(partnerRemoteRefs.kind, kind),
    eq(partnerRemoteRefs.key, key),
  )!;

/** Partner connections, partner refs and the audit log (their own tables; articles are read), plus the ledger. */
export function createPartnersRepository(db: Executor) {
  return {
    ...createLedgerRepository(db),
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
          categorySlug: categories.slug,
          authorEmail: users.email,
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
            // Only what readers can already read: a scheduled article waits (issue 28, 7).
            publicArticleCondition(now),
            alreadyThere ? notInArray(articles.id, alreadyThere) : undefined,
          ),
        )
        .orderBy(desc(sql`${articles.viewCount} - 50 * ${ageDays}`), desc(articles.id))
        .limit(limit);
    },

    // --- what the partner already has (decision 171) ---
    async findRef(partnerId: number, kind: string, key: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(partnerRemoteRefs)
        .where(remoteRef(partnerId, kind, key))
        .limit(1);
      return row;
    },

    async saveRef(
      partnerId: number,
      kind: string,
      key: string,
      value: { remoteId: string; remoteUrl: string | null },
      tx: Executor = db,
    ) {
      await tx
        .insert(partnerRemoteRefs)
        .values({ partnerId, kind, key, ...value })
        .onConflictDoUpdate({
          target: [partnerRemoteRefs.partnerId, partnerRemoteRefs.kind, partnerRemoteRefs.key],
          set: value,
        });
    },

    /** The term mappings of a connection (decision 175), by kind and slug. */
    listRefs(partnerId: number, kinds: string[], tx: Executor = db) {
      return tx
        .select()
        .from(partnerRemoteRefs)
        .where(
          and(eq(partnerRemoteRefs.partnerId, partnerId), inArray(partnerRemoteRefs.kind, kinds)),
        )
        .orderBy(partnerRemoteRefs.kind, partnerRemoteRefs.key);
    },

    async deleteRef(partnerId: number, kind: string, key: string, tx: Executor = db) {
      return deleteRows(tx, partnerRemoteRefs, remoteRef(partnerId, kind, key));
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
