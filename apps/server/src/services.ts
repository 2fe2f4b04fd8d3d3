import type { AppConfig } from "./config";
import type { Database } from "./db/client";
import { createDemoLoginHint } from "./modules/auth/demo-hint";
import { createAuthService } from "./modules/auth/service";
import { createTokenSigner } from "./modules/auth/tokens";
import { createUsersRepository } from "./modules/users/repository";
import type { CounterStore } from "./plugins/counters";

/**
 * The composition root: every service is built once here with its dependencies handed in. Routes
 * and the web app's loaders (through the load context) use these same instances.
 */
export function createServices(deps: { db: Database; config: AppConfig; counters: CounterStore }) {
  const { db, config, counters } = deps;
  const usersRepository = createUsersRepository(db);
  const tokens = createTokenSigner(config.jwtSecret, config.jwtExpiresIn);
  const auth = createAuthService({ users: usersRepository, tokens, counters });
  const demoLoginHint = createDemoLoginHint(usersRepository);
  return { auth, usersRepository, demoLoginHint };
}

export type AppServices = ReturnType<typeof createServices>;
