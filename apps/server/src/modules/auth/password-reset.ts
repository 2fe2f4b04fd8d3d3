import { createHash } from "node:crypto";
import type { Database } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError, tooManyRequests } from "../../errors";
import type { CounterStore } from "../../lib/counters";
import { escapeHtml } from "../../lib/html-entities";
import { hashPassword } from "../../lib/passwords";
import type { MailOutbox } from "../mail/outbox";
import type { LinkSigner } from "../mail/signed-links";
import type { UserAccounts } from "../users/accounts-service";
import type { SessionsRepository } from "./sessions-repository";

const purpose = "password-reset";
/** Short-lived: a reset link in a mailbox is a key to the account. */
const lifetimeMs = 60 * 60 * 1000;
const hourMs = 60 * 60 * 1000;
/** Requests per address an hour before a 429 (a person needs two or three). */
const requestsPerAddress = 10;
/** Mails per account an hour; more are dropped silently (a 429 would tell the account exists). */
const mailsPerAccount = 3;

export const forgotPasswordAnswer =
  "If an account uses this address, we have sent it a link to choose a new password. The link works for 1 hour.";

/**
 * What a reset link is bound to: the password it replaces and the token version. Once the
 * password changes (this link used, another reset, a change in the profile) or every session is
 * ended, the link stops working: single use without storing anything per link.
 */
function fingerprint(user: Pick<UserRow, "passwordHash" | "tokenVersion">): number {
  const digest = createHash("sha256").update(`${user.passwordHash}:${user.tokenVersion}`).digest();
  return digest.readUIntBE(0, 6);
}

export interface PasswordResetLogger {
  warn(object: object, message: string): void;
}

/**
 * "Forgot password?" for every account (issue 33, done under issue 31; decision 201): a mailed,
 * signed, single-use link valid for an hour; the same answer whether or not the address has an
 * account; a reset ends every session of the account.
 */
export function createPasswordReset(deps: {
  db: Database;
  users: UserAccounts;
  sessions: SessionsRepository;
  outbox: MailOutbox;
  links: LinkSigner;
  counters: CounterStore;
  site: { name: string; url: string };
  log?: PasswordResetLogger;
}) {
  const { db, users, sessions, outbox, links, counters, site, log } = deps;

  async function mailLink(user: UserRow) {
    const sent = await counters.hit(`password-reset-mail:${user.id}`, hourMs);
    if (sent.count > mailsPerAccount) return;
    const token = links.sign(purpose, user.id, fingerprint(user), lifetimeMs);
    const url = `${site.url}/reset-password?token=${encodeURIComponent(token)}`;
    await outbox.enqueue(
      {
        to: user.email,
        subject: `Reset your ${site.name} password`,
        text: `Hello ${user.firstName},\n\nSomeone (we hope you) asked to reset the password of your ${site.name} account. Choose a new password here:\n\n${url}\n\nThe link works for 1 hour and only once. If you did not ask for it, ignore this mail: your password stays as it is.`,
        html: `<p>Hello ${escapeHtml(user.firstName)},</p><p>Someone (we hope you) asked to reset the password of your ${escapeHtml(site.name)} account.</p><p><a href="${escapeHtml(url)}">Choose a new password</a></p><p>The link works for 1 hour and only once. If you did not ask for it, ignore this mail: your password stays as it is.</p>`,
      },
      { purpose: "password-reset", subjectId: user.id },
    );
  }

  const invalidLink = () =>
    new AppError(
      400,
      "reset_link_invalid",
      "This password reset link does not work: it was used already, replaced by a newer one or changed on the way. Please ask for a new link.",
    );

  return {
    /**
     * Always the same answer, at once: the mail goes out after the answer, so neither the words
     * nor the time taken tell whether the address has an account.
     */
    async requestReset(email: string, ip: string): Promise<{ message: string }> {
      const requests = await counters.hit(`password-reset-request:${ip}`, hourMs);
      if (requests.count > requestsPerAddress) {
        throw tooManyRequests(
          "Too many password reset requests from your network. Please try again later.",
          "password_reset_rate_limited",
          (requests.resetAt - Date.now()) / 1000,
        );
      }
      void (async () => {
        const user = await users.findByEmail(email);
        if (!user?.isActive) return;
        if (!outbox.configured) {
          log?.warn({ userId: user.id }, "password reset asked, but e-mail is not configured");
          return;
        }
        await mailLink(user);
      })().catch((error: unknown) => log?.warn({ err: error }, "password reset mail failed"));
      return { message: forgotPasswordAnswer };
    },

    /** Sets the new password of a valid link's account and ends all of its sessions. */
    async reset(token: string, password: string): Promise<{ message: string }> {
      const checked = links.verify(purpose, token);
      if (!checked.ok) {
        if (checked.reason === "expired") {
          throw new AppError(
            400,
            "reset_link_expired",
            "This password reset link has expired (links work for 1 hour). Please ask for a new one.",
          );
        }
        throw invalidLink();
      }
      const user = await users.findById(checked.subject);
      if (!user?.isActive || fingerprint(user) !== checked.version) throw invalidLink();
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        if (!(await users.replacePasswordHash(user.id, user.passwordHash, passwordHash, tx))) {
          throw invalidLink();
        }
        await sessions.revokeAll(user.id, null, tx);
      });
      return { message: "Your password has been changed. Please sign in with the new one." };
    },
  };
}

export type PasswordReset = ReturnType<typeof createPasswordReset>;
