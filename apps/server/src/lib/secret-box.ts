import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Secrets at rest: partner credentials (decision 111) and two-factor secrets (decision 202).
 * AES-256-GCM with a random 12-byte IV per value, stored as `v1.<iv>.<tag>.<ciphertext>` in
 * base64url. The key is the given secret key (PARTNER_SECRET_KEY), or, when that is unset, derived
 * from the JWT secret with HKDF-SHA256 under the box's own label, so no two boxes and no box and
 * the JWT signer ever share key bytes.
 */
export function createSecretBox(options: {
  secretKey?: string;
  jwtSecret: string;
  /** The HKDF salt that keeps this box's key apart from every other's. */
  label?: string;
}) {
  const key = Buffer.from(
    hkdfSync(
      "sha256",
      options.secretKey ?? options.jwtSecret,
      options.label ?? "aurumwire-partner-secrets",
      options.secretKey ? "partner-secret-key" : "derived-from-jwt-secret",
      32,
    ),
  );
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ["v1", iv, tag, ciphertext]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },
    /** Throws when the value was sealed with another key (the key changed) or was altered. */
    open(sealed: string): string {
      const [version, iv, tag, ciphertext] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || ciphertext === undefined) {
        throw new Error("not a sealed secret");
      }
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, "base64url")),
        decipher.final(),
      ]).toString("utf8");
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
