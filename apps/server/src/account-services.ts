import type { AppConfig } from "./config";
import type { Database } from "./db/client";
import type { CounterStore } from "./lib/counters";
import { createSecretBox } from "./lib/secret-box";
import { createWorkQueue } from "./lib/work-queue";
import { createApiKeysRepository } from "./modules/api-keys/repository";
import { createApiKeysService } from "./modules/api-keys/service";
import { createUsageRecorder } from "./modules/api-keys/usage-recorder";
import type { AuditService } from "./modules/audit/service";
import { createDemoLoginHint } from "./modules/auth/demo-hint";
import { createEmailVerification } from "./modules/auth/email-verification";
import { createPasswordReset } from "./modules/auth/password-reset";
import { createAuthService } from "./modules/auth/service";
import { createSessionsRepository } from "./modules/auth/sessions-repository";
import { createSignUp } from "./modules/auth/sign-up";
import { createTokenSigner } from "./modules/auth/tokens";
import { createTwoFactor } from "./modules/auth/two-factor";
import { createTwoFactorRepository } from "./modules/auth/two-factor-repository";
import { createMailer } from "./modules/mail/mailer";
import { createMailOutbox } from "./modules/mail/outbox";
import { createLinkSigner } from "./modules/mail/signed-links";
import type { MarketDataLogger } from "./modules/market-data/service";
import type { FileStorage } from "./modules/media/file-storage";
import type { SiteSettingsService } from "./modules/site-settings/service";
import { createUserAccounts } from "./modules/users/accounts-service";
import { createAvatarStore } from "./modules/users/avatar-images";
import { createUsersRepository } from "./modules/users/repository";
import { createUsersService } from "./modules/users/service";

/**
 * The composition root's first part (services.ts builds the rest): accounts and how they sign in
 * (users, sign-up, sessions, two-factor, e-mail verification, password reset, API keys) and the mail
 * transport they share with the newsletter and the contact form.
 */
export function createAccountServices(deps: {
  db: Database;
  config: AppConfig;
  counters: CounterStore;
  files: FileStorage;
  log?: MarketDataLogger;
  securitySettings: SiteSettingsService["getSecuritySettings"];
  /** The audit log (decision 203). */
  audit: AuditService;
}) {
  const { db, config, counters, files, log, audit } = deps;
  const usersRepository = createUsersRepository(db);
  // What other modules do with accounts goes through this, never the repository (decision 295).
  const userAccounts = createUserAccounts(usersRepository);
  const tokens = createTokenSigner(config.jwtSecret, config.jwtExpiresIn);
  // E-mail (decisions 121-124): one SMTP transport for the newsletter, contact form and sign-up.
  const mailer = createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    timeoutMs: config.mail.timeoutMs,
  });
  // The one work queue (decision 183): every mail is queued on it and sent by its job (223).
  const workQueue = createWorkQueue(db);
  const outbox = createMailOutbox({ queue: workQueue, mailer, log });
  const mailLinks = createLinkSigner(config.jwtSecret);
  const emailVerification = createEmailVerification({
    users: userAccounts,
    outbox,
    links: mailLinks,
    counters,
    site: { name: config.siteName, url: config.publicUrl },
    log,
  });
  const sessionsRepository = createSessionsRepository(db);
  // Two-factor (decision 202): its secrets sealed with a key of their own from the JWT secret.
  const twoFactor = createTwoFactor({
    repository: createTwoFactorRepository(db),
    box: createSecretBox({ jwtSecret: config.jwtSecret, label: "aurumwire-two-factor-secrets" }),
    links: mailLinks,
    jwtSecret: config.jwtSecret,
    issuer: config.siteName,
    staffRequired: async () => (await deps.securitySettings()).requireStaffTwoFactor,
  });
  const auth = createAuthService({
    audit,
    twoFactor,
    users: userAccounts,
    sessions: sessionsRepository,
    tokens,
    counters,
    loginDelayBaseMs: config.loginDelayBaseMs,
  });
  // Sign-up tells nobody who has an account (issue 33, decision 276); its links are sealed.
  const signUp = createSignUp({
    users: userAccounts,
    outbox,
    counters,
    box: createSecretBox({ jwtSecret: config.jwtSecret, label: "aurumwire-sign-up-links" }),
    site: { name: config.siteName, url: config.publicUrl },
    log,
  });
  const passwordReset = createPasswordReset({
    db,
    users: userAccounts,
    sessions: sessionsRepository,
    outbox,
    links: mailLinks,
    counters,
    site: { name: config.siteName, url: config.publicUrl },
    log,
  });
  const demoLoginHint = createDemoLoginHint(userAccounts, { publicUrl: config.publicUrl });
  const users = createUsersService({
    db,
    users: usersRepository,
    avatars: createAvatarStore(files),
    onAccountChanged: () => demoLoginHint.forget(),
    endSessions: (userId, tx) => sessionsRepository.revokeAll(userId, null, tx),
    audit,
  });
  const apiKeysRepository = createApiKeysRepository(db);
  const apiKeys = createApiKeysService({
    audit,
    repository: apiKeysRepository,
    usage: createUsageRecorder({
      repository: apiKeysRepository,
      flushIntervalMs: config.apiKeyUsageFlushMs,
      onError: (error) =>
        log?.warn({ err: error }, "could not write API key usage; kept for the next attempt"),
    }),
  });
  return {
    auth,
    signUp,
    twoFactor,
    passwordReset,
    usersRepository,
    userAccounts,
    demoLoginHint,
    users,
    apiKeys,
    mailer,
    workQueue,
    outbox,
    mailLinks,
    emailVerification,
  };
}
