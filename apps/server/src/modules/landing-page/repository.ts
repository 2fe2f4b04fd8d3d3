import { asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { deleteRows } from "../../db/delete-rows";
import { landingPageParts, landingSections } from "../../db/schema";

export type LandingSectionInsert = Pick<
  typeof landingSections.$inferInsert,
  "sectionType" | "title" | "isActive" | "configuration"
>;

/** Marks that the default sections were made once (a deleted default stays deleted). */
export const seededKey = "seeded";

const toDate = (value: unknown) => (value ? new Date(value as string) : null);

/** The only place the landing page's tables are queried. */
export function createLandingPageRepository(db: Executor) {
  return {
    listSections(tx: Executor = db) {
      return tx
        .select()
        .from(landingSections)
        .orderBy(asc(landingSections.position), asc(landingSections.id));
    },

    async findSection(id: number, tx: Executor = db) {
      const [row] = await tx.select().from(landingSections).where(eq(landingSections.id, id));
      return row;
    },

    async countSections(tx: Executor = db): Promise<number> {
      const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(landingSections);
      return row?.count ?? 0;
    },

    /** Appended after the last section. */
    async insertSection(values: LandingSectionInsert, tx: Executor = db) {
      const [row] = await tx
        .insert(landingSections)
        .values({
          ...values,
          position: sql`(select coalesce(max(${landingSections.position}), -1) + 1 from ${landingSections})`,
        })
        .returning();
      if (!row) throw new Error("landing section insert returned nothing");
      return row;
    },

    async updateSection(id: number, values: Partial<LandingSectionInsert>, tx: Executor = db) {
      const [row] = await tx
        .update(landingSections)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(landingSections.id, id))
        .returning();
      return row;
    },

    deleteSection(id: number, tx: Executor = db): Promise<boolean> {
      return deleteRows(tx, landingSections, eq(landingSections.id, id));
    },

    /** Positions 0..n-1 in the order given; the caller checked the ids are exactly the sections. */
    async setPositions(orderedIds: number[], tx: Executor = db) {
      if (orderedIds.length === 0) return;
      const cases = sql.join(
        orderedIds.map((id, index) => sql`when ${id}::int then ${index}::int`),
        sql` `,
      );
      await tx
        .update(landingSections)
        .set({ position: sql`case ${landingSections.id} ${cases} end`, updatedAt: new Date() })
        .where(inArray(landingSections.id, orderedIds));
    },

    async findPart(key: string, tx: Executor = db) {
      const [row] = await tx.select().from(landingPageParts).where(eq(landingPageParts.key, key));
      return row;
    },

    /** Inserts the part unless it exists; true when this call inserted it. */
    async insertPartOnce(key: string, value: unknown, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .insert(landingPageParts)
        .values({ key, value })
        .onConflictDoNothing()
        .returning({ key: landingPageParts.key });
      return rows.length > 0;
    },

    async upsertPart(key: string, value: unknown, updatedBy: number | null, tx: Executor = db) {
      const updatedAt = new Date();
      await tx
        .insert(landingPageParts)
        .values({ key, value, updatedAt, updatedBy })
        .onConflictDoUpdate({ target: landingPageParts.key, set: { value, updatedAt, updatedBy } });
    },

    /** The newest change of any section or part. */
    async lastUpdate(tx: Executor = db): Promise<Date | null> {
      const [sections] = await tx
        .select({ at: sql<Date | null>`max(${landingSections.updatedAt})`.mapWith(toDate) })
        .from(landingSections);
      const [parts] = await tx
        .select({ at: sql<Date | null>`max(${landingPageParts.updatedAt})`.mapWith(toDate) })
        .from(landingPageParts)
        .where(ne(landingPageParts.key, seededKey));
      const times = [sections?.at, parts?.at].filter((at): at is Date => at instanceof Date);
      return times.length ? new Date(Math.max(...times.map((at) => at.getTime()))) : null;
    },
  };
}

export type LandingPageRepository = ReturnType<typeof createLandingPageRepository>;
