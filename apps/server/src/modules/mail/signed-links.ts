import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed tokens for links in e-mails (confirm a subscription, unsubscribe, verify an address):
 * `purpose.subject.version.expires.signature`, HMAC-SHA256 with the server's secret. The version
 * lets a newer mail's link replace an older one; nothing is stored per link.
 */
export function createLinkSigner(secret: string) {
  const sign = (payload: string) =>
    createHmac("sha256", `mail-links:${secret}`).update(payload).digest("base64url");

  return {
    sign(purpose: string, subject: number, version: number, lifetimeMs: number | null): string {
      const expires = lifetimeMs === null ? 0 : Date.now() + lifetimeMs;
      const payload = `${purpose}.${subject}.${version}.${expires}`;
      return `${payload}.${sign(payload)}`;
    },

    /** The subject and version of a valid, unexpired token of this purpose; else why not. */
    verify(
      purpose: string,
      token: string,
    ):
      | { ok: true; subject: number; version: number }
      | { ok: false; reason: "invalid" | "expired" } {
      const parts = token.split(".");
      if (parts.length !== 5) return { ok: false, reason: "invalid" };
      const [tokenPurpose, subject, version, expires, signature] = parts as [
        string,
        string,
        string,
        string,
        string,
      ];
      const expected = Buffer.from(sign(`${tokenPurpose}.${subject}.${version}.${expires}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, reason: "invalid" };
      }
      if (tokenPurpose !== purpose) return { ok: false, reason: "invalid" };
      const expiresAt = Number(expires);
      if (expiresAt !== 0 && expiresAt < Date.now()) return { ok: false, reason: "expired" };
      return { ok: true, subject: Number(subject), version: Number(version) };
    },
  };
}

export type LinkSigner = ReturnType<typeof createLinkSigner>;
