import type { UsersRepository } from "./repository";

/**
 * What other modules do with user accounts (decision 295): signing in, signing up, verifying an
 * address and resetting a password (auth), the newsroom's system bylines (breaking news,
 * sentiment) and the public author pages (public API, public site). They reach the accounts
 * through this (built once in account-services.ts), never through the repository; staff
 * administration is the users service beside it.
 */
export function createUserAccounts(repository: UsersRepository) {
  return {
    count: repository.count,
    findById: repository.findById,
    findByEmail: repository.findByEmail,
    insert: repository.insert,
    insertFirst: repository.insertFirst,
    update: repository.update,
    replacePasswordHash: repository.replacePasswordHash,
    ensureSystemAccount: repository.ensureSystemAccount,
    findAuthorsWithPublicArticles: repository.findAuthorsWithPublicArticles,
    listPublishedAuthors: repository.listPublishedAuthors,
  };
}

export type UserAccounts = ReturnType<typeof createUserAccounts>;
