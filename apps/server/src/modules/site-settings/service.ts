import {
  defaultHeroDisplayMode,
  heroDisplayModes,
  type SiteSettings,
  type SiteSettingsUpdate,
} from "@aurumwire/shared/site-settings";
import type { SiteSettingsRepository } from "./repository";

const heroDisplayModeKey = "heroDisplayMode";

/**
 * Site-wide settings (spec point 3): the homepage hero mode with who changed it and when. The
 * public home reads it through `getSiteSettings`; a change invalidates cached pages at once.
 */
export function createSiteSettingsService(deps: {
  repository: SiteSettingsRepository;
  onContentChanged: () => void;
}) {
  const { repository, onContentChanged } = deps;

  async function getSiteSettings(): Promise<SiteSettings> {
    const row = await repository.find(heroDisplayModeKey);
    const stored = row?.value;
    const heroDisplayMode =
      heroDisplayModes.find((mode) => mode === stored) ?? defaultHeroDisplayMode;
    return {
      heroDisplayMode,
      updatedAt: row?.updatedAt.toISOString() ?? null,
      updatedBy: row?.updatedBy ?? null,
    };
  }

  return {
    getSiteSettings,

    async updateSiteSettings(update: SiteSettingsUpdate, userId: number): Promise<SiteSettings> {
      await repository.upsert(heroDisplayModeKey, update.heroDisplayMode, userId);
      onContentChanged();
      return getSiteSettings();
    },
  };
}

export type SiteSettingsService = ReturnType<typeof createSiteSettingsService>;
