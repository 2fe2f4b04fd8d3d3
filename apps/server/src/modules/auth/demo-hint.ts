import { demoAdmin } from "../../db/seed/demo-users";
import type { UsersRepository } from "../users/repository";
import { verifyPassword } from "./passwords";

/**
 * The login page shows the demo admin credentials only while that account exists, is active and
 * still has the advertised password. The answer is cached briefly: checking costs an argon2 hash.
 */
export function createDemoLoginHint(users: UsersRepository) {
  let cached: { value: { email: string; password: string } | null; until: number } | null = null;
  return {
    async get(): Promise<{ email: string; password: string } | null> {
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
