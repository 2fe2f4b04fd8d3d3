import type { Pagination } from "@aurumwire/shared/articles";
import type { AuditAction } from "@aurumwire/shared/audit";
import type {
  CreateUser,
  ListUsersQuery,
  ManagedUser,
  UpdateUser,
} from "@aurumwire/shared/user-management";
import type { Database, Executor } from "../../db/client";
import type { NewUserRow, UserRow } from "../../db/schema";
import { conflict, forbidden, notFound } from "../../errors";
import { pageOffset, pagination } from "../../lib/pagination";
import { hashPassword } from "../../lib/passwords";
import type { AuditActor, AuditService } from "../audit/service";
import type { AvatarStore } from "./avatar-images";
import { toManagedUser } from "./present";
import type { UsersRepository } from "./repository";

const userNotFound = () => notFound("User not found.", "user_not_found");
const lastAdmin = () =>
  conflict(
    "This is the last active admin. Make another user an admin before removing this one.",
    "last_admin",
  );
const emailTaken = () =>
  conflict("A user with this email already exists.", "email_taken", {
    email: "A user with this email already exists",
  });

function isUniqueViolation(error: unknown) {
  return (error as { code?: string }).code === "23505" || /unique/i.test(String(error));
}

/**
 * Staff administration (admin only, enforced by the routes). The rules that keep the newsroom
 * reachable live here: nobody demotes or deactivates themselves, the last active admin stays, and
 * deactivation, a role change or a password reset ends every session of the user at once, and
 * deactivation stops the user's API keys (the key check looks at the owner).
 */
export function createUsersService(deps: {
  db: Database;
  users: UsersRepository;
  avatars: AvatarStore;
  /** Called when a password or an account changes, so cached facts about it are dropped. */
  onAccountChanged?: () => void;
  /** Ends every session of a user (the auth module's sessions, decision 200). */
  endSessions?: (userId: number, tx: Executor) => Promise<unknown>;
  /** The audit log (decision 203): create, role, deactivation, password reset. */
  audit: Pick<AuditService, "record">;
}) {
  const { db, users, avatars, audit } = deps;
  const accountChanged = deps.onAccountChanged ?? (() => {});
  const endSessions = deps.endSessions ?? (async () => {});

  async function view(id: number): Promise<ManagedUser> {
    const row = await users.findWithCounts(id);
    if (!row) throw userNotFound();
    return toManagedUser(row);
  }

  /**
   * Applies `change` with the token version bumped and ends the user's sessions (whoever held the
   * account signs in again), and audits it as `action`.
   */
  async function changeAndSignOut(
    actor: AuditActor,
    target: UserRow,
    change: Partial<NewUserRow>,
    action: AuditAction,
    tx: Executor,
  ) {
    await users.update(target.id, { ...change, tokenVersion: target.tokenVersion + 1 }, tx);
    await endSessions(target.id, tx);
    await audit.record(actor, action, {
      target: { type: "user", id: target.id },
      summary: target.email,
      tx,
    });
  }

  /** Throws unless taking admin rights from `target` leaves at least one active admin. */
  async function assertNotLastAdmin(target: UserRow, tx: Executor) {
    if (target.role !== "admin" || !target.isActive) return;
    const adminIds = await users.lockActiveAdminIds(tx);
    if (adminIds.filter((id) => id !== target.id).length === 0) throw lastAdmin();
  }

  return {
    async list(query: ListUsersQuery): Promise<{ users: ManagedUser[]; pagination: Pagination }> {
      const { rows, total } = await users.list({
        search: query.search || undefined,
        role: query.role,
        isActive: query.status === undefined ? undefined : query.status === "active",
        limit: query.limit,
        offset: pageOffset(query),
      });
      return { users: rows.map(toManagedUser), pagination: pagination(query, total) };
    },

    get: view,

    async create(actor: AuditActor, input: CreateUser): Promise<ManagedUser> {
      if (await users.findByEmail(input.email)) throw emailTaken();
      try {
        const row = await users.insert({
          email: input.email,
          passwordHash: await hashPassword(input.password),
          firstName: input.first_name,
          lastName: input.last_name,
          role: input.role,
          isActive: input.is_active,
          bio: input.bio || null,
          avatarUrl: input.avatar_url || null,
        });
        await audit.record(actor, "user.create", {
          target: { type: "user", id: row.id },
          summary: row.email,
          after: { role: row.role },
        });
        return view(row.id);
      } catch (error) {
        // Two creations racing for one email: the unique index decides.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },

    async update(actor: UserRow, id: number, input: UpdateUser): Promise<ManagedUser> {
      await db.transaction(async (tx) => {
        const target = await users.findById(id, tx);
        if (!target) throw userNotFound();
        const roleChanges = input.role !== undefined && input.role !== target.role;
        const deactivates = input.is_active === false && target.isActive;
        if (actor.id === target.id && roleChanges) {
          throw forbidden("You cannot change your own role.", "self_role_change");
        }
        if (actor.id === target.id && deactivates) {
          throw forbidden("You cannot deactivate your own account.", "self_deactivation");
        }
        if (roleChanges || deactivates) await assertNotLastAdmin(target, tx);

        const changes: Partial<NewUserRow> = {};
        if (input.first_name !== undefined) changes.firstName = input.first_name;
        if (input.last_name !== undefined) changes.lastName = input.last_name;
        if (input.role !== undefined) changes.role = input.role;
        if (input.is_active !== undefined) changes.isActive = input.is_active;
        if (input.bio !== undefined) changes.bio = input.bio || null;
        if (input.avatar_url !== undefined) changes.avatarUrl = input.avatar_url || null;
        // Deactivation ends every open session of the user at once.
        if (deactivates) changes.tokenVersion = target.tokenVersion + 1;
        if (Object.keys(changes).length) await users.update(id, changes, tx);
        // So does a new role: whoever holds the account signs in again under it.
        if (deactivates || roleChanges) await endSessions(id, tx);
        const target_ = { type: "user", id };
        if (roleChanges)
          await audit.record(actor, "user.role_change", {
            target: target_,
            summary: target.email,
            before: { role: target.role },
            after: { role: input.role },
            tx,
          });
        if (deactivates)
          await audit.record(actor, "user.deactivate", {
            target: target_,
            summary: target.email,
            tx,
          });
      });
      accountChanged();
      return view(id);
    },

    /** DELETE /users/:id: deactivation, reversible by setting is_active again. */
    async deactivate(actor: UserRow, id: number): Promise<ManagedUser> {
      await db.transaction(async (tx) => {
        const target = await users.findById(id, tx);
        if (!target) throw userNotFound();
        if (actor.id === target.id) {
          throw forbidden("You cannot deactivate your own account.", "self_deactivation");
        }
        if (!target.isActive) return;
        await assertNotLastAdmin(target, tx);
        await changeAndSignOut(actor, target, { isActive: false }, "user.deactivate", tx);
      });
      accountChanged();
      return view(id);
    },

    /** A new password ends the user's sessions: whoever held the old one is signed out. */
    async resetPassword(actor: AuditActor, id: number, newPassword: string): Promise<ManagedUser> {
      const target = await users.findById(id);
      if (!target) throw userNotFound();
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        // Read again inside the transaction so a parallel bump is not lost.
        const current = await users.findById(id, tx);
        if (!current) throw userNotFound();
        await changeAndSignOut(actor, current, { passwordHash }, "user.password_reset", tx);
      });
      accountChanged();
      return view(id);
    },

    /** Admins set anyone's avatar; every user may set their own (the profile screen). */
    async setAvatar(actor: UserRow, id: number, bytes: Buffer): Promise<ManagedUser> {
      if (actor.role !== "admin" && actor.id !== id) {
        throw forbidden("You need admin privileges to change another user's avatar.");
      }
      const target = await users.findById(id);
      if (!target) throw userNotFound();
      const url = await avatars.save(id, bytes);
      try {
        await users.update(id, { avatarUrl: url });
      } catch (error) {
        await avatars.remove(url);
        throw error;
      }
      if (target.avatarUrl !== url) await avatars.remove(target.avatarUrl);
      return view(id);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
