import { and, arrayOverlaps, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { pushSubscriptions } from "../../db/schema";

/** Readers' push subscriptions (decision 237); the only place their queries live. */
export function createWebPushRepository(db: Executor) {
  return {
    /** Adds the subscription, or replaces the keys and topics of the same endpoint. */
    async upsert(values: { endpoint: string; p256dh: string; auth: string; topics: string[] }) {
      await db
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { p256dh: values.p256dh, auth: values.auth, topics: values.topics },
        });
    },

    async remove(endpoint: string) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    },

    async removeIds(ids: number[]) {
      if (ids.length === 0) return;
      await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
    },

    /** Those that chose no topic (every item) or one of `tags`, a page at a time by id. */
    async forTags(tags: string[], afterId: number, limit: number) {
      const everything = sql`cardinality(${pushSubscriptions.topics}) = 0`;
      const chosen =
        tags.length > 0
          ? or(everything, arrayOverlaps(pushSubscriptions.topics, tags))
          : everything;
      return db
        .select()
        .from(pushSubscriptions)
        .where(and(gt(pushSubscriptions.id, afterId), chosen))
        .orderBy(pushSubscriptions.id)
        .limit(limit);
    },
  };
}

export type WebPushRepository = ReturnType<typeof createWebPushRepository>;
