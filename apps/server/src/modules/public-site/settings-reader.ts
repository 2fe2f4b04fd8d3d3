import type { PageCache } from "../../lib/page-cache/store";
import {
  contactDetailsKey,
  parseContactDetails,
  type SiteSettingsService,
} from "../site-settings/service";

export type HeroDisplayMode = "hero" | "carousel" | "landing" | "none";

/**
 * The few site settings the public pages read (the settings API and screen are the site-settings
 * module's). Reads are cached with the other public reads; saving a setting invalidates them all.
 */
export function createPublicSettingsReader(deps: {
  settings: Pick<SiteSettingsService, "storedValue">;
  cache: PageCache;
  defaults: { bitcoinAddress?: string };
}) {
  const { settings, cache, defaults } = deps;
  // Settings change rarely and every change invalidates the cache: kept a minute even with the
  // page cache off.
  const read = (key: string) =>
    cache.memoFor(
      `setting:${key}`,
      60_000,
      () => settings.storedValue(key),
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

    /**
     * The contact details pages show (decision 135): the contribution address (the setting, else
     * BITCOIN_ADDRESS) and the contact e-mail; null where none is set, and the page leaves it out.
     * The social profiles go into the Organization's `sameAs`.
     */
    async contactDetails(): Promise<{
      bitcoinAddress: string | null;
      contactEmail: string | null;
      socialLinks: string[];
    }> {
      const stored = parseContactDetails(await read(contactDetailsKey));
      return {
        bitcoinAddress: stored.bitcoinAddress ?? defaults.bitcoinAddress ?? null,
        contactEmail: stored.contactEmail,
        socialLinks: stored.socialLinks,
      };
    },
  };
}

export type PublicSettingsReader = ReturnType<typeof createPublicSettingsReader>;
