import type { RegisterRequest } from "@aurumwire/shared/users";
import { tooManyRequests } from "../../errors";
import type { CounterStore } from "../../lib/counters";
import { escapeHtml } from "../../lib/html-entities";
import { hashPassword } from "../../lib/passwords";
import type { SecretBox } from "../../lib/secret-box";
import type { MailOutbox } from "../mail/outbox";
import type { UserAccounts } from "../users/accounts-service";

/** Sign-ups per address (decision 074): enough for a household or an office, not for a script. */
const registrationWindowMs = 60 * 60 * 1000;
const maxRegistrationsPerAddress = 10;
/** A sign-up link works for 3 days, like the address check of decision 124. */
const linkLifetimeMs = 3 * 24 * 60 * 60 * 1000;
/** "Someone tried to sign up with your address" mails per account an hour; more are dropped. */
const ownerMailsPerHour = 3;

/** What a sign-up link carries, sealed: nothing is stored until the link is opened. */
interface PendingSignUp {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  expiresAt: number;
}

export interface SignUpLogger {
  warn(object: object, message: string): void;
}

/**
 * Sign-up that tells nobody who has an account (issue 33, decision 276). Every request is
 * answered 202 with the same sentence after the same work (the password hashed, one lookup, one
 * mail queued). With e-mail set up, a new address gets a link that creates the account when it is
 * opened (the password's hash travels sealed in the link, so an account exists only once its
 * address is proven), and the owner of an address that has an account is told that someone tried
 * to sign up with it. Without e-mail nothing can be proven or told: a new address's account is
 * made at once (as decision 124 made new accounts count as verified), an existing one is left
 * alone, and the answer is still the same.
 */
export function createSignUp(deps: {
  users: UserAccounts;
  outbox: MailOutbox;
  counters: CounterStore;
  box: SecretBox;
  site: { name: string; url: string };
  log?: SignUpLogger;
}) {
  const { users, outbox, counters, box, site, log } = deps;

  const answer = (email: string) =>
    outbox.configured
      ? `Thanks! We sent a mail to ${email} with the next step. It can take a few minutes to arrive; please check your spam folder too.`
      : `Thanks! If ${email} is new to us, your account is ready: sign in with this address and your password.`;

  async function mailLink(input: RegisterRequest, passwordHash: string) {
    const pending: PendingSignUp = {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
      expiresAt: Date.now() + linkLifetimeMs,
    };
    const url = `${site.url}/api/auth/complete-sign-up?token=${box.seal(JSON.stringify(pending))}`;
    await outbox.enqueue(
      {
        to: input.email,
        subject: `Finish creating your ${site.name} account`,
        text: `Hello ${input.firstName},\n\nOpen this link to confirm your address and create your ${site.name} account:\n\n${url}\n\nThe link works for 3 days. If you did not ask for an account, ignore this mail: nothing is created.`,
        html: `<p>Hello ${escapeHtml(input.firstName)},</p><p>Open this link to confirm your address and create your ${escapeHtml(site.name)} account.</p><p><a href="${escapeHtml(url)}">Create my account</a></p><p>The link works for 3 days. If you did not ask for an account, ignore this mail: nothing is created.</p>`,
      },
      { purpose: "sign-up" },
    );
  }

  async function mailOwner(owner: { id: number; email: string; firstName: string }) {
    const sent = await counters.hit(`sign-up-owner-mail:${owner.id}`, registrationWindowMs);
    if (sent.count > ownerMailsPerHour) return;
    const signIn = `${site.url}/login`;
    const forgot = `${site.url}/forgot-password`;
    await outbox.enqueue(
      {
        to: owner.email,
        subject: `Someone tried to create an account with your address at ${site.name}`,
        text: `Hello ${owner.firstName},\n\nSomeone (perhaps you) tried to create a new ${site.name} account with this e-mail address. You already have an account, so nothing was created or changed.\n\nIf it was you, sign in: ${signIn}\nForgot your password? Choose a new one: ${forgot}\n\nIf it was not you, you can ignore this mail: your account and your password stay as they are.`,
        html: `<p>Hello ${escapeHtml(owner.firstName)},</p><p>Someone (perhaps you) tried to create a new ${escapeHtml(site.name)} account with this e-mail address. You already have an account, so nothing was created or changed.</p><p>If it was you, <a href="${escapeHtml(signIn)}">sign in</a>. Forgot your password? <a href="${escapeHtml(forgot)}">Choose a new one</a>.</p><p>If it was not you, you can ignore this mail: your account and your password stay as they are.</p>`,
      },
      { purpose: "sign-up-existing", subjectId: owner.id },
    );
  }

  /** Creates the account, or false when the address has one (a race, or the link opened twice). */
  async function createAccount(pending: Omit<PendingSignUp, "expiresAt">, verified: boolean) {
    try {
      await users.insert({
        email: pending.email,
        passwordHash: pending.passwordHash,
        firstName: pending.firstName,
        lastName: pending.lastName,
        role: "user",
        emailVerified: verified,
      });
      return true;
    } catch (error) {
      // Two sign-ups racing for one address: the unique index decides.
      if ((error as { code?: string }).code === "23505" || /unique/i.test(String(error))) {
        return false;
      }
      throw error;
    }
  }

  return {
    async register(input: RegisterRequest, ip: string): Promise<{ message: string }> {
      // Counted first, whatever the outcome.
      const registrations = await counters.hit(`register:${ip}`, registrationWindowMs);
      if (registrations.count > maxRegistrationsPerAddress) {
        const waitMs = Math.max(1000, registrations.resetAt - Date.now());
        const minutes = Math.ceil(waitMs / 60_000);
        throw tooManyRequests(
          `Too many sign-ups from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
          "registration_rate_limited",
          waitMs / 1000,
        );
      }
      // Hashed whether or not the address is new: the costliest step takes the same time either way.
      const passwordHash = await hashPassword(input.password);
      const owner = await users.findByEmail(input.email);
      if (!outbox.configured) {
        if (owner) log?.warn({ userId: owner.id }, "sign-up with a taken address; e-mail is off");
        else await createAccount({ ...input, passwordHash }, true);
      } else if (!owner) await mailLink(input, passwordHash);
      else if (owner.isActive) await mailOwner(owner);
      return { message: answer(input.email) };
    },

    /** Opens a sign-up link: the account is created now, once. */
    async complete(token: string): Promise<"created" | "exists" | "expired" | "invalid"> {
      let pending: PendingSignUp;
      try {
        pending = JSON.parse(box.open(token)) as PendingSignUp;
      } catch {
        return "invalid";
      }
      if (typeof pending.expiresAt !== "number" || pending.expiresAt < Date.now()) return "expired";
      if (await users.findByEmail(pending.email)) return "exists";
      return (await createAccount(pending, true)) ? "created" : "exists";
    },
  };
}

export type SignUp = ReturnType<typeof createSignUp>;
