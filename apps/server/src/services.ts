import path from "node:path";
import type { AppConfig } from "./config";
import type { Database } from "./db/client";
import { createApiKeysRepository } from "./modules/api-keys/repository";
import { createApiKeysService } from "./modules/api-keys/service";
import { createUsageRecorder } from "./modules/api-keys/usage-recorder";
import { createDemoLoginHint } from "./modules/auth/demo-hint";
import { createAuthService } from "./modules/auth/service";
import { createTokenSigner } from "./modules/auth/tokens";
import { createPublicContentRepository } from "./modules/public-api/repository";
import { createPublicApiService } from "./modules/public-api/service";
import { createAvatarStore } from "./modules/users/avatar-images";
import { createUsersRepository } from "./modules/users/repository";
import { createUsersService } from "./modules/users/service";
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
  const users = createUsersService({
    db,
    users: usersRepository,
    avatars: createAvatarStore(path.join(config.dataDir, "uploads")),
    onAccountChanged: () => demoLoginHint.forget(),
  });
  const apiKeysRepository = createApiKeysRepository(db);
  const apiKeys = createApiKeysService({
    repository: apiKeysRepository,
    usage: createUsageRecorder({
      repository: apiKeysRepository,
      flushIntervalMs: config.apiKeyUsageFlushMs,
      onError: (error) => console.error("Could not write API key usage:", error),
    }),
  });
  const publicApi = createPublicApiService({
    content: createPublicContentRepository(db),
    users: usersRepository,
  });
  return { auth, usersRepository, demoLoginHint, users, apiKeys, publicApi };
}

export type AppServices = ReturnType<typeof createServices>;
