import type { SentimentEngine } from "@aurumwire/shared/sentiment-engine";
import {
  type ContactDetails,
  type ContactDetailsUpdate,
  defaultHeroDisplayMode,
  heroDisplayModes,
  isBitcoinAddress,
  isSocialLink,
  type SecuritySettings,
  type SecuritySettingsUpdate,
  type SiteSettings,
  type SiteSettingsUpdate,
  type WriterStyleGuide,
} from "@aurumwire/shared/site-settings";
import type { AuditService } from "../audit/service";
import type { SiteSettingsRepository } from "./repository";

const heroDisplayModeKey = "heroDisplayMode";
export const contactDetailsKey = "contactDetails";

/** A stored contact-details value, read defensively: anything that is not a valid value is unset. */
export function parseContactDetails(value: unknown): {
  bitcoinAddress: string | null;
  contactEmail: string | null;
  socialLinks: string[];
} {
  const record =
    typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const bitcoinAddress =
    typeof record.bitcoinAddress === "string" && isBitcoinAddress(record.bitcoinAddress)
      ? record.bitcoinAddress
      : null;
  const contactEmail =
    typeof record.contactEmail === "string" && record.contactEmail.includes("@")
      ? record.contactEmail
      : null;
  const socialLinks = Array.isArray(record.socialLinks)
    ? record.socialLinks.filter(
        (link): link is string => typeof link === "string" && isSocialLink(link),
      )
    : [];
  return { bitcoinAddress, contactEmail, socialLinks };
}
const writerStyleGuideKey = "writerStyleGuide";
const requireStaffTwoFactorKey = "requireStaffTwoFactor";
const sentimentEngineKey = "sentimentEngine";

/**
 * Site-wide settings (spec point 3): the homepage hero mode with who changed it and when. The
 * public home reads it through `getSiteSettings`; a change invalidates cached pages at once.
 */
export function createSiteSettingsService(deps: {
  repository: SiteSettingsRepository;
  onContentChanged: () => void;
  /** The audit log (decision 203): every settings change, with the value before and after. */
  audit: Pick<AuditService, "record">;
}) {
  const { repository, onContentChanged, audit } = deps;

  /** Stores one setting and records the change with what it was before. */
  async function save(key: string, value: unknown, userId: number) {
    const before = (await repository.find(key))?.value ?? null;
    await repository.upsert(key, value, userId);
    await audit.record({ id: userId }, "site_settings.update", {
      target: { type: "setting", id: key },
      summary: key,
      before,
      after: value,
    });
  }

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

  /** The contribution address and contact e-mail (decision 135): what is stored, unset is null. */
  async function getContactDetails(): Promise<ContactDetails> {
    const row = await repository.find(contactDetailsKey);
    return {
      ...parseContactDetails(row?.value),
      updatedAt: row?.updatedAt.toISOString() ?? null,
      updatedBy: row?.updatedBy ?? null,
    };
  }

  /** "Require two-factor for all staff" (decision 202); off until an admin turns it on. */
  async function getSecuritySettings(): Promise<SecuritySettings> {
    const row = await repository.find(requireStaffTwoFactorKey);
    return {
      requireStaffTwoFactor: row?.value === true,
      updatedAt: row?.updatedAt.toISOString() ?? null,
      updatedBy: row?.updatedBy ?? null,
    };
  }

  /** Which classifier scores sentiment (decision 260); the offline one until an editor switches. */
  async function getSentimentEngine() {
    const row = await repository.find(sentimentEngineKey);
    return {
      engine: (row?.value === "ai" ? "ai" : "offline") as SentimentEngine,
      updatedAt: row?.updatedAt.toISOString() ?? null,
      updatedBy: row?.updatedBy ?? null,
    };
  }

  return {
    getSiteSettings,
    getSecuritySettings,
    getSentimentEngine,

    async updateSentimentEngine(engine: SentimentEngine, userId: number) {
      await save(sentimentEngineKey, engine, userId);
      return getSentimentEngine();
    },

    async updateSecuritySettings(
      update: SecuritySettingsUpdate,
      userId: number,
    ): Promise<SecuritySettings> {
      await save(requireStaffTwoFactorKey, update.requireStaffTwoFactor, userId);
      return getSecuritySettings();
    },
    getWriterStyleGuide,
    getContactDetails,

    /**
     * A setting another module keeps here under its own key (the newsletter's digest hour) or the
     * public pages read (decision 295): its stored value, null when unset.
     */
    async storedValue(key: string): Promise<unknown> {
      return (await repository.find(key))?.value ?? null;
    },

    /** Stores such a setting as given: the module that owns the key audits it if it must. */
    async storeValue(key: string, value: unknown, userId: number): Promise<void> {
      await repository.upsert(key, value, userId);
    },

    async updateContactDetails(
      update: ContactDetailsUpdate,
      userId: number,
    ): Promise<ContactDetails> {
      // One row for all: a page never shows a new address beside an old e-mail. Social links
      // left out of the update stay as they were.
      const socialLinks =
        update.socialLinks ??
        parseContactDetails((await repository.find(contactDetailsKey))?.value).socialLinks;
      await save(contactDetailsKey, { ...update, socialLinks }, userId);
      // Article pages, the contact page and the privacy page show them.
      onContentChanged();
      return getContactDetails();
    },

    async updateWriterStyleGuide(styleGuide: string, userId: number): Promise<WriterStyleGuide> {
      await save(writerStyleGuideKey, styleGuide, userId);
      return getWriterStyleGuide();
    },

    async updateSiteSettings(update: SiteSettingsUpdate, userId: number): Promise<SiteSettings> {
      await save(heroDisplayModeKey, update.heroDisplayMode, userId);
      onContentChanged();
      return getSiteSettings();
    },
  };
}

export type SiteSettingsService = ReturnType<typeof createSiteSettingsService>;
