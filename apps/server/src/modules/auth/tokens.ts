import { decodeJwt, errors, jwtVerify, SignJWT } from "jose";

export interface TokenClaims {
  userId: number;
  role: string;
  /** users.token_version at signing time: a bump ends every older token. */
  version: number;
  /** The auth_sessions row this token belongs to (decision 200). */
  sessionId: string;
}

export function createTokenSigner(secret: string, expiresIn: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: TokenClaims): Promise<{ token: string; expiresAt: Date }> {
      const token = await new SignJWT({
        role: claims.role,
        ver: claims.version,
        sid: claims.sessionId,
      })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(claims.userId))
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .setIssuer("aurumwire")
        .sign(key);
      return { token, expiresAt: new Date((decodeJwt(token).exp ?? 0) * 1000) };
    },

    /** The claims, or a reason the token is not accepted. */
    async verify(
      token: string,
    ): Promise<{ ok: true; claims: TokenClaims } | { ok: false; reason: "expired" | "invalid" }> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: "aurumwire",
          algorithms: ["HS256"],
        });
        const userId = Number(payload.sub);
        // Tokens from before sessions existed carry no session: they are no longer accepted.
        if (!Number.isInteger(userId) || typeof payload.sid !== "string") {
          return { ok: false, reason: "invalid" };
        }
        return {
          ok: true,
          claims: {
            userId,
            role: String(payload.role),
            version: Number(payload.ver ?? 0),
            sessionId: payload.sid,
          },
        };
      } catch (error) {
        if (error instanceof errors.JWTExpired) return { ok: false, reason: "expired" };
        return { ok: false, reason: "invalid" };
      }
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
