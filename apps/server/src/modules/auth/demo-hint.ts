import { demoAdmin, demoUsers } from "../../db/seed/demo-users";
import { verifyPassword } from "../../lib/passwords";
import type { UserAccounts } from "../users/accounts-service";

/**
 * Whether a public URL names this machine only (decision 075). The demo hint is for `npm start`
 * on a developer's machine; anywhere else its password is everyone's.
 */
export function isLocalPublicUrl(publicUrl: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(publicUrl).hostname.toLowerCase().replace(/^\[|\]$/g, "");
  } catch {
    return false;
  }
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    hostname === "::1" ||
    /^127(\.\d{1,3}){3}$/.test(hostname)
  );
}

/**
 * The login page shows the demo admin credentials only on a local install, and only while that
 * account exists, is active and still has the advertised password. The answer is cached briefly:
 * checking costs an argon2 hash.
 */
export function createDemoLoginHint(users: UserAccounts, options: { publicUrl: string }) {
  const local = isLocalPublicUrl(options.publicUrl);
  let cached: { value: { email: string; password: string } | null; until: number } | null = null;
  return {
    async get(): Promise<{ email: string; password: string } | null> {
      if (!local) return null;
      if (cached && cached.until > Date.now()) return cached.value;
      const user = await users.findByEmail(demoAdmin.email);
      const valid =
        !!user && user.isActive && (await verifyPassword(user.passwordHash, demoAdmin.password));
      const value = valid ? { email: demoAdmin.email, password: demoAdmin.password } : null;
      cached = { value, until: Date.now() + 60_000 };
      return value;
    },
    forget() {
      cached = null;
    },
  };
}

/** The active demo accounts that still accept their published password. */
export async function demoAccountsWithDemoPassword(users: UserAccounts): Promise<string[]> {
  const open: string[] = [];
  for (const demo of demoUsers) {
    const user = await users.findByEmail(demo.email);
    if (user?.isActive && (await verifyPassword(user.passwordHash, demo.password))) {
      open.push(demo.email);
    }
  }
  return open;
}
