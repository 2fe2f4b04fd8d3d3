import { createHash, randomBytes } from "node:crypto";
import { apiKeyTokenPrefix } from "@aurumwire/shared/api-keys";

/** Characters of the secret shown in the dashboard ("aw_" plus the first 8 random characters). */
const visiblePrefixLength = apiKeyTokenPrefix.length + 8;
const secretPattern = new RegExp(`^${apiKeyTokenPrefix}[A-Za-z0-9_-]{32}$`);

/** A new key: 192 random bits after the visible "aw_" marker. Only its hash is ever stored. */
export function generateApiKeySecret(): { secret: string; keyPrefix: string; keyHash: string } {
  const secret = `${apiKeyTokenPrefix}${randomBytes(24).toString("base64url")}`;
  return { secret, keyPrefix: secret.slice(0, visiblePrefixLength), keyHash: hashApiKey(secret) };
}

/**
 * SHA-256, not argon2: the secret is random and long, so there is nothing to brute-force, and the
 * lookup on every public API request must stay an indexed equality match.
 */
export function hashApiKey(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** Cheap shape check before touching the database. */
export function looksLikeApiKey(value: string): boolean {
  return secretPattern.test(value);
}
