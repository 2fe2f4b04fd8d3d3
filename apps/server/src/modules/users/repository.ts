import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { type NewUserRow, type UserRow, users } from "../../db/schema";

export function createUsersRepository(db: Executor) {
  return {
    async findById(id: number, tx: Executor = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async findByEmail(email: string, tx: Executor = db): Promise<UserRow | undefined> {
      const [row] = await tx
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return row;
    },

    async insert(values: NewUserRow, tx: Executor = db): Promise<UserRow> {
      const [row] = await tx.insert(users).values(values).returning();
      return row;
    },

    async update(id: number, values: Partial<NewUserRow>, tx: Executor = db) {
      const [row] = await tx
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row as UserRow | undefined;
    },

    async count(tx: Executor = db): Promise<number> {
      const [row] = await tx.select({ value: sql<number>`count(*)::int` }).from(users);
      return row?.value ?? 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
