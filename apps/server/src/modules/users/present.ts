import type { PublicAuthor } from "@aurumwire/shared/public-api";
import type { ManagedUser } from "@aurumwire/shared/user-management";
import type { PublicUser } from "@aurumwire/shared/users";
import type { UserRow } from "../../db/schema";
import type { UserWithCounts } from "./repository";

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

/** The user-management view (snake_case payloads of spec point 3), counts included. */
export function toManagedUser(row: UserWithCounts): ManagedUser {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role,
    is_active: row.isActive,
    bio: row.bio,
    avatar_url: row.avatarUrl,
    email_verified: row.emailVerified,
    article_count: row.articleCount,
    api_key_count: row.apiKeyCount,
    created_at: row.createdAt.toISOString(),
  };
}

/** An author as readers see them (the public site and the public API): no e-mail, no status. */
export function presentPublicAuthor(row: {
  id: number;
  firstName: string;
  lastName: string;
  role: PublicAuthor["role"];
  avatarUrl: string | null;
  bio: string | null;
  articleCount: number;
}): PublicAuthor {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    avatar: row.avatarUrl,
    bio: row.bio,
    articleCount: row.articleCount,
  };
}
