import { randomUUID } from "node:crypto";
import type { LoginResponse } from "@aurumwire/shared/two-factor";
import type {
  AuthResponse,
  OwnerSetupRequest,
  ProfileUpdate,
  SessionList,
} from "@aurumwire/shared/users";
import type { UserRow } from "../../db/schema";
import { AppError, badRequest, conflict, notFound, unauthorized } from "../../errors";
import type { CounterStore } from "../../lib/counters";
import { burnPasswordCheck, hashPassword, verifyPassword } from "../../lib/passwords";
import type { AuditService } from "../audit/service";
import type { UserAccounts } from "../users/accounts-service";
import { toPublicUser } from "../users/present";
import { describeDevice } from "./device";
import { createLoginThrottle } from "./login-throttle";
import type { SessionsRepository } from "./sessions-repository";
import type { TokenSigner } from "./tokens";
import type { TwoFactor } from "./two-factor";

/** Where a sign-in comes from: kept on its session for the session list. */
export interface ClientContext {
  ip: string;
  userAgent: string;
}

/** How long the row of an ended session is kept (decision 204). */
const endedKeptMs = 7 * 24 * 60 * 60 * 1000;

const badRequestCode = (code: string, message: string) => new AppError(400, code, message);

export function createAuthService(deps: {
  users: UserAccounts;
  sessions: SessionsRepository;
  tokens: TokenSigner;
  counters: CounterStore;
  twoFactor: TwoFactor;
  /** The audit log (decision 203): failed two-factor codes and refused session sign-outs. */
  audit: Pick<AuditService, "record">;
  /** Tests shorten the login delays; see login-throttle.ts. */
  loginDelayBaseMs?: number;
}) {
  const { users, sessions, tokens, counters, twoFactor, audit } = deps;
  const codeFailed = (user: UserRow, code: string) =>
    audit.record(user, "auth.two_factor_failed", {
      target: { type: "user", id: user.id },
      summary: code,
    });
  const throttle = createLoginThrottle({ counters, baseDelayMs: deps.loginDelayBaseMs });

  /**
   * A token for a new session of the user (decision 200), or a fresh token for the session
   * `sessionId` that the caller already holds (after a password change).
   */
  async function issue(
    user: UserRow,
    client: ClientContext,
    sessionId?: string,
  ): Promise<AuthResponse> {
    const id = sessionId ?? randomUUID();
    const { token, expiresAt } = await tokens.sign({
      userId: user.id,
      role: user.role,
      version: user.tokenVersion,
      sessionId: id,
    });
    if (!sessionId) {
      await sessions.insert({
        id,
        userId: user.id,
        userAgent: client.userAgent.slice(0, 500),
        ipAddress: client.ip,
        expiresAt,
      });
    }
    return { user: toPublicUser(user), token };
  }

  // Once there is an account there always is (the last admin cannot be removed): remembered.
  let ownerExists = false;

  /** True on an install without any account (SEED_DEMO=false, first start): decision 075. */
  async function ownerNeeded(): Promise<boolean> {
    if (ownerExists) return false;
    ownerExists = (await users.count()) > 0;
    return !ownerExists;
  }

  return {
    ownerNeeded,
    /** Staff who must enrol before any staff call (the Site Settings switch, decision 202). */
    staffMustEnrol: (user: UserRow) => twoFactor.staffMustEnrol(user),

    /** The one-time owner set-up: the first account becomes an admin, and only the first. */
    async createOwner(input: OwnerSetupRequest, client: ClientContext): Promise<AuthResponse> {
      const alreadySetUp = () =>
        conflict("This site already has an owner. Please log in instead.", "setup_done");
      if (!(await ownerNeeded())) throw alreadySetUp();
      const owner = await users.insertFirst({
        email: input.email,
        passwordHash: await hashPassword(input.password),
        firstName: input.firstName,
        lastName: input.lastName,
        role: "admin",
      });
      ownerExists = true;
      if (!owner) throw alreadySetUp();
      return issue(owner, client);
    },

    async login(email: string, password: string, client: ClientContext): Promise<LoginResponse> {
      const { ip } = client;
      // Counted before the password is checked, so concurrent guesses cannot all be evaluated.
      await throttle.admit(email, ip);
      const user = await users.findByEmail(email);
      const valid = user
        ? await verifyPassword(user.passwordHash, password)
        : await burnPasswordCheck(password).then(() => false);
      if (!user || !valid) {
        await throttle.recordFailure(email, ip);
        throw unauthorized("Invalid email or password.", "invalid_credentials");
      }
      if (!user.isActive) {
        throw new AppError(
          403,
          "account_deactivated",
          "This account has been deactivated. Please contact an administrator.",
        );
      }
      // Two-factor (decision 202): the code step follows, and the attempts of this account at
      // this address keep counting until a right code, so codes share the password's lock-out.
      if (await twoFactor.isEnabled(user.id)) {
        return { twoFactorRequired: true, challenge: twoFactor.challengeFor(user) };
      }
      await throttle.recordSuccess(email, ip);
      const signedIn = await issue(user, client);
      return (await twoFactor.staffMustEnrol(user))
        ? { ...signedIn, twoFactorSetupRequired: true }
        : signedIn;
    },

    /** The code step of a sign-in: the challenge of a right password and a code. */
    async verifyTwoFactor(
      challenge: string,
      code: string,
      client: ClientContext,
    ): Promise<AuthResponse> {
      const proof = twoFactor.readChallenge(challenge);
      if (!proof.ok) {
        throw proof.reason === "expired"
          ? badRequestCode(
              "challenge_expired",
              "Your sign-in took too long. Please enter your password again.",
            )
          : badRequestCode(
              "challenge_invalid",
              "This sign-in step is not valid. Please enter your password again.",
            );
      }
      const user = await users.findById(proof.subject);
      if (!user || user.tokenVersion !== proof.version || !user.isActive) {
        throw badRequestCode(
          "challenge_invalid",
          "This sign-in step is not valid. Please enter your password again.",
        );
      }
      await throttle.admit(user.email, client.ip);
      const result = await twoFactor.check(user.id, code);
      if (!result.ok) {
        await throttle.recordFailure(user.email, client.ip);
        await codeFailed(user, `Sign-in: ${result.error.code}`);
        throw result.error;
      }
      await throttle.recordSuccess(user.email, client.ip);
      return issue(user, client);
    },

    /** Turning two-factor off takes the password and a code, both under the login lock-out. */
    async disableTwoFactor(user: UserRow, password: string, code: string, ip: string) {
      await twoFactor.assertMayTurnOff(user);
      await throttle.admit(user.email, ip);
      if (!(await verifyPassword(user.passwordHash, password))) {
        await throttle.recordFailure(user.email, ip);
        throw badRequest("Your password is not correct.", {
          password: "Password is not correct",
        });
      }
      const result = await twoFactor.check(user.id, code);
      if (!result.ok) {
        await throttle.recordFailure(user.email, ip);
        await codeFailed(user, `Turning two-factor off: ${result.error.code}`);
        throw result.error;
      }
      await throttle.recordSuccess(user.email, ip);
      await twoFactor.remove(user);
    },

    /**
     * The signed-in user and session behind a bearer token, or a 401 that says why. The session
     * is read from the database on every request: an ended session is refused at once, on every
     * instance (decision 200).
     */
    async authenticate(token: string, ip?: string): Promise<{ user: UserRow; sessionId: string }> {
      const result = await tokens.verify(token);
      if (!result.ok) {
        throw result.reason === "expired"
          ? unauthorized("Your session has expired. Please log in again.", "token_expired")
          : unauthorized("Your session is not valid. Please log in again.", "invalid_token");
      }
      const { userId, sessionId, version } = result.claims;
      const [user, session] = await Promise.all([
        users.findById(userId),
        sessions.findAlive(sessionId),
      ]);
      if (!user || user.tokenVersion !== version || session?.userId !== userId) {
        throw unauthorized("Your session has ended. Please log in again.", "session_ended");
      }
      if (!user.isActive) {
        throw unauthorized("This account has been deactivated.", "account_deactivated");
      }
      if (Date.now() - session.lastSeenAt.getTime() > 60_000) {
        await sessions.touch(sessionId, ip ?? session.ipAddress);
      }
      return { user, sessionId };
    },

    /** The signed-in user's open sessions, the current one marked. */
    async listSessions(user: UserRow, currentSessionId: string): Promise<SessionList> {
      const rows = await sessions.listAlive(user.id);
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          device: describeDevice(row.userAgent),
          userAgent: row.userAgent,
          ipAddress: row.ipAddress,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          current: row.id === currentSessionId,
        })),
      };
    },

    /** Signs out one of the user's own sessions; another person's or an ended one is a 404. */
    async revokeSession(user: UserRow, sessionId: string): Promise<void> {
      if (!(await sessions.revoke(user.id, sessionId))) {
        await audit.record(user, "auth.session_revoke_refused", {
          target: { type: "session", id: sessionId },
          summary: "Not one of the account's open sessions",
        });
        throw notFound(
          "This session is not one of your open sessions. It may have ended already.",
          "session_not_found",
        );
      }
    },

    /** The clean-up job (decision 204): rows of sessions that ended over a week ago go. */
    deleteEndedSessions: () => sessions.deleteEndedBefore(new Date(Date.now() - endedKeptMs)),

    /** "Sign out everywhere else": ends every session of the user but the current one. */
    async revokeOtherSessions(user: UserRow, currentSessionId: string): Promise<{ ended: number }> {
      return { ended: await sessions.revokeAll(user.id, currentSessionId) };
    },

    /** Logout: ends the session the token belongs to (a token already ended is fine). */
    async logout(token: string): Promise<void> {
      const result = await tokens.verify(token);
      if (result.ok) await sessions.revoke(result.claims.userId, result.claims.sessionId);
    },

    async updateProfile(
      user: UserRow,
      input: ProfileUpdate,
      current: { sessionId: string; client: ClientContext },
    ): Promise<AuthResponse> {
      const changes: Partial<UserRow> = {};
      if (input.firstName !== undefined) changes.firstName = input.firstName;
      if (input.lastName !== undefined) changes.lastName = input.lastName;
      if (input.bio !== undefined) changes.bio = input.bio || null;
      if (input.avatar !== undefined) changes.avatarUrl = input.avatar || null;
      if (input.newPassword) {
        const ok = await verifyPassword(user.passwordHash, input.currentPassword ?? "");
        if (!ok) {
          throw badRequest("Your current password is not correct.", {
            currentPassword: "Current password is not correct",
          });
        }
        changes.passwordHash = await hashPassword(input.newPassword);
      }
      const updated = Object.keys(changes).length ? await users.update(user.id, changes) : user;
      // A new password ends the user's other sessions at once; this one stays signed in.
      if (input.newPassword) await sessions.revokeAll(user.id, current.sessionId);
      return issue(updated ?? user, current.client, current.sessionId);
    },

    issue,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
