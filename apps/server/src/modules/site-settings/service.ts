import {
  defaultHeroDisplayMode,
  heroDisplayModes,
  type SiteSettings,
  type SiteSettingsUpdate,
  type WriterStyleGuide,
} from "@aurumwire/shared/site-settings";
import type { SiteSettingsRepository } from "./repository";

const heroDisplayModeKey = "heroDisplayMode";
const writerStyleGuideKey = "writerStyleGuide";

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

  /** The AI writer's style guide (decision 090): newsroom-internal, so not in the public settings. */
  async function getWriterStyleGuide(): Promise<WriterStyleGuide> {
    const row = await repository.find(writerStyleGuideKey);
    return {
      styleGuide: typeof row?.value === "string" ? row.value : "",
      updatedAt: row?.updatedAt.toISOString() ?? null,
      updatedBy: row?.updatedBy ?? null,
    };
  }

  return {
    getSiteSettings,
    getWriterStyleGuide,

    async updateWriterStyleGuide(styleGuide: string, userId: number): Promise<WriterStyleGuide> {
      await repository.upsert(writerStyleGuideKey, styleGuide, userId);
      return getWriterStyleGuide();
    },

    async updateSiteSettings(update: SiteSettingsUpdate, userId: number): Promise<SiteSettings> {
      await repository.upsert(heroDisplayModeKey, update.heroDisplayMode, userId);
      onContentChanged();
      return getSiteSettings();
    },
  };
}

export type SiteSettingsService = ReturnType<typeof createSiteSettingsService>;
