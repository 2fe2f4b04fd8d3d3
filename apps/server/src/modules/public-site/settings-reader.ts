import type { PageCache } from "../../plugins/page-cache";
import type { SiteSettingsRepository } from "../site-settings/repository";

export type HeroDisplayMode = "hero" | "carousel" | "landing" | "none";

/**
 * The few site settings the public pages read (the settings API and screen are the site-settings
 * module's). Reads are cached with the other public reads; saving a setting invalidates them all.
 */
export function createPublicSettingsReader(deps: {
  repository: SiteSettingsRepository;
  cache: PageCache;
  defaults: { bitcoinAddress: string };
}) {
  const { repository, cache, defaults } = deps;
  // Settings change rarely and every change invalidates the cache: kept a minute even with the
  // page cache off.
  const read = (key: string) =>
    cache.memoFor(
      `setting:${key}`,
      60_000,
      async () => (await repository.find(key))?.value ?? null,
      // Not dropped by article changes: a setting change drops every cached read and page.
      () => ["site-settings"],
    );

  return {
    /**
     * Spec: 'hero' shows the first article large, 'carousel' the carousel, anything else nothing;
     * 'landing' serves the alternate landing layout at / (decision 120).
     */
    async heroDisplayMode(): Promise<HeroDisplayMode> {
      const value = await read("heroDisplayMode");
      if (value === null || value === undefined) return "hero";
      return value === "hero" || value === "carousel" || value === "landing" ? value : "none";
    },

    /** The address of the contribution request under articles: a setting, else the config. */
    async bitcoinAddress(): Promise<string> {
      const value = await read("bitcoinAddress");
      return typeof value === "string" && value.length >= 20 ? value : defaults.bitcoinAddress;
    },
  };
}

export type PublicSettingsReader = ReturnType<typeof createPublicSettingsReader>;
