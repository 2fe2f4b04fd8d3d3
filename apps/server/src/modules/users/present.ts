import type { PublicUser } from "@aurumwire/shared/users";
import type { UserRow } from "../../db/schema";

/** The allowlist of what the API says about a user; the password hash never leaves. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    avatar: row.avatarUrl,
    bio: row.bio,
    isActive: row.isActive,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
  };
}
