import type { PublicAuthor } from "@aurumwire/shared/public-api";
import { notFound } from "../../errors";
import type { PageCache } from "../../lib/page-cache/store";
import type { UserAccounts } from "../users/accounts-service";
import { presentPublicAuthor } from "../users/present";

/**
 * The public side of bylines (decision 137): who an author is on /author/{slug} and in the
 * sitemap. Only people with an article readers can see have a page; e-mail, role changes and
 * everything else of the account stay private. Reads are cached like the other public reads.
 */
export function createPublicAuthorsReader(deps: { users: UserAccounts; cache: PageCache }) {
  const { users, cache } = deps;
  const toPublic = presentPublicAuthor;

  return {
    async get(id: number): Promise<PublicAuthor> {
      const author = await cache.memo(`author:${id}`, async () => {
        const [row] = await users.findAuthorsWithPublicArticles(id);
        return row ? toPublic(row) : null;
      });
      if (!author) throw notFound("Author not found");
      return author;
    },

    /** Every author with a page, for the sitemap. */
    async list(): Promise<PublicAuthor[]> {
      return cache.memo("authors", async () =>
        (await users.findAuthorsWithPublicArticles()).map(toPublic),
      );
    },
  };
}

export type PublicAuthorsReader = ReturnType<typeof createPublicAuthorsReader>;
