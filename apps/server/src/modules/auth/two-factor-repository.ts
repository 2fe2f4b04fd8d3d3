import { and, count, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type AuthTwoFactorRow, authRecoveryCodes, authTwoFactor } from "../../db/schema";

/** The auth module's two-factor tables (decision 202): the only place their queries live. */
export function createTwoFactorRepository(db: Database) {
  return {
    async find(userId: number): Promise<AuthTwoFactorRow | undefined> {
      const [row] = await db
        .select()
        .from(authTwoFactor)
        .where(eq(authTwoFactor.userId, userId))
        .limit(1);
      return row;
    },

    async isEnabled(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ userId: authTwoFactor.userId })
        .from(authTwoFactor)
        .where(and(eq(authTwoFactor.userId, userId), isNotNull(authTwoFactor.enabledAt)))
        .limit(1);
      return !!row;
    },

    /** Keeps a new secret waiting for its confirmation code; an enabled secret stays as it is. */
    async savePending(userId: number, sealedSecret: string): Promise<void> {
      await db
        .insert(authTwoFactor)
        .values({ userId, pendingSecret: sealedSecret })
        .onConflictDoUpdate({
          target: authTwoFactor.userId,
          set: { pendingSecret: sealedSecret, updatedAt: sql`now()` },
        });
    },

    /**
     * Turns the pending secret on with its recovery codes, in one transaction; false when the
     * pending secret changed meanwhile (another set-up) or two-factor is already on.
     */
    async enable(
      userId: number,
      sealedPending: string,
      step: number,
      codeHashes: string[],
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(authTwoFactor)
          .set({
            secret: sealedPending,
            pendingSecret: null,
            enabledAt: sql`now()`,
            lastUsedStep: step,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(authTwoFactor.userId, userId),
              eq(authTwoFactor.pendingSecret, sealedPending),
              isNull(authTwoFactor.enabledAt),
            ),
          )
          .returning({ userId: authTwoFactor.userId });
        if (rows.length === 0) return false;
        await tx.delete(authRecoveryCodes).where(eq(authRecoveryCodes.userId, userId));
        await tx
          .insert(authRecoveryCodes)
          .values(codeHashes.map((codeHash) => ({ userId, codeHash })));
        return true;
      });
    },

    /**
     * Records `step` as the last accepted time-step, only when it is later than the last one:
     * of two requests with one code, exactly one gets true (no replay within the window).
     */
    async claimStep(userId: number, step: number): Promise<boolean> {
      const rows = await db
        .update(authTwoFactor)
        .set({ lastUsedStep: step })
        .where(
          and(
            eq(authTwoFactor.userId, userId),
            isNotNull(authTwoFactor.enabledAt),
            or(isNull(authTwoFactor.lastUsedStep), lt(authTwoFactor.lastUsedStep, step)),
          ),
        )
        .returning({ userId: authTwoFactor.userId });
      return rows.length > 0;
    },

    /** Uses up a recovery code: "ok" once, then "used"; "unknown" when it is not the user's. */
    async useRecoveryCode(userId: number, codeHash: string): Promise<"ok" | "used" | "unknown"> {
      const rows = await db
        .update(authRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(authRecoveryCodes.userId, userId),
            eq(authRecoveryCodes.codeHash, codeHash),
            isNull(authRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: authRecoveryCodes.id });
      if (rows.length > 0) return "ok";
      const [known] = await db
        .select({ id: authRecoveryCodes.id })
        .from(authRecoveryCodes)
        .where(and(eq(authRecoveryCodes.userId, userId), eq(authRecoveryCodes.codeHash, codeHash)))
        .limit(1);
      return known ? "used" : "unknown";
    },

    async recoveryCodesLeft(userId: number): Promise<number> {
      const [row] = await db
        .select({ left: count() })
        .from(authRecoveryCodes)
        .where(and(eq(authRecoveryCodes.userId, userId), isNull(authRecoveryCodes.usedAt)));
      return Number(row?.left ?? 0);
    },

    /** Turns two-factor off: the secret and every recovery code go. */
    async remove(userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(authRecoveryCodes).where(eq(authRecoveryCodes.userId, userId));
        await tx.delete(authTwoFactor).where(eq(authTwoFactor.userId, userId));
      });
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
