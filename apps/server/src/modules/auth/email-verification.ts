import type { UserRow } from "../../db/schema";
import { tooManyRequests } from "../../errors";
import type { CounterStore } from "../../lib/counters";
import { escapeHtml } from "../../lib/html-entities";
import type { MailOutbox } from "../mail/outbox";
import type { LinkSigner } from "../mail/signed-links";
import type { UserAccounts } from "../users/accounts-service";

const purpose = "email-verify";
const lifetimeMs = 3 * 24 * 60 * 60 * 1000;
const resendsPerHour = 3;

export interface VerificationLogger {
  warn(object: object, message: string): void;
}

/**
 * Sign-up e-mail verification (issue 17, decision 124): with SMTP configured a new reader account
 * starts unverified and gets a signed link; without SMTP accounts count as verified (nobody could
 * ever verify). Unverified reader accounts cannot like articles.
 */
export function createEmailVerification(deps: {
  users: UserAccounts;
  outbox: MailOutbox;
  links: LinkSigner;
  counters: CounterStore;
  site: { name: string; url: string };
  log?: VerificationLogger;
}) {
  const { users, outbox, links, counters, site } = deps;

  async function sendLink(user: Pick<UserRow, "id" | "email" | "firstName">): Promise<boolean> {
    if (!outbox.configured) return false;
    const url = `${site.url}/api/auth/verify-email?token=${links.sign(purpose, user.id, 0, lifetimeMs)}`;
    // Into the outbox: the sign-up answers at once, the job sends it (issue 33, decision 223).
    await outbox.enqueue(
      {
        to: user.email,
        subject: `Confirm your e-mail address for ${site.name}`,
        text: `Hello ${user.firstName},\n\nPlease confirm this address for your ${site.name} account:\n\n${url}\n\nThe link works for 3 days.`,
        html: `<p>Hello ${escapeHtml(user.firstName)},</p><p>Please confirm this address for your ${escapeHtml(site.name)} account.</p><p><a href="${escapeHtml(url)}">Confirm my e-mail address</a></p><p>The link works for 3 days.</p>`,
      },
      { purpose: "email-verify", subjectId: user.id },
    );
    return true;
  }

  return {
    /** New accounts are verified from the start when no mail can reach them. */
    newAccountsVerified: () => !outbox.configured,

    /** Whether this account may like articles: staff accounts are made by admins (trusted). */
    mayLike: (user: Pick<UserRow, "role" | "emailVerified">) =>
      user.emailVerified || !outbox.configured || user.role !== "user",

    sendLink,

    async resend(user: UserRow): Promise<{ message: string }> {
      if (user.emailVerified || !outbox.configured)
        return { message: "Your e-mail address is confirmed." };
      const hits = await counters.hit(`verify-resend:${user.id}`, 60 * 60 * 1000);
      if (hits.count > resendsPerHour) {
        throw tooManyRequests(
          "We have sent several links in the last hour. Please check your inbox and spam folder, or try again later.",
          "verification_rate_limited",
          (hits.resetAt - Date.now()) / 1000,
        );
      }
      return (await sendLink(user))
        ? { message: `We sent a new confirmation link to ${user.email}.` }
        : {
            message: "The confirmation e-mail could not be sent just now. Please try again later.",
          };
    },

    async verify(token: string): Promise<"verified" | "expired" | "invalid"> {
      const checked = links.verify(purpose, token);
      if (!checked.ok) return checked.reason;
      const user = await users.findById(checked.subject);
      if (!user) return "invalid";
      if (!user.emailVerified) await users.update(user.id, { emailVerified: true });
      return "verified";
    },
  };
}

export type EmailVerification = ReturnType<typeof createEmailVerification>;
