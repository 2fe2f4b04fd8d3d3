import { z } from "zod";

/**
 * Spec point 3: the homepage hero is a single large article or the 'Latest in Crypto' carousel;
 * "landing" serves the alternate landing layout at / (decision 120).
 */
export const heroDisplayModes = ["hero", "carousel", "landing"] as const;
export type HeroDisplayMode = (typeof heroDisplayModes)[number];
export const defaultHeroDisplayMode: HeroDisplayMode = "hero";

export const siteSettingsSchema = z.object({
  heroDisplayMode: z.enum(heroDisplayModes),
  updatedAt: z.string().nullable(),
  updatedBy: z.object({ id: z.number(), firstName: z.string(), lastName: z.string() }).nullable(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const siteSettingsResponseSchema = z.object({ data: siteSettingsSchema });

export const siteSettingsUpdateSchema = z.object({
  heroDisplayMode: z.enum(heroDisplayModes, {
    error: "Homepage display mode must be hero, carousel or landing",
  }),
});
export type SiteSettingsUpdate = z.infer<typeof siteSettingsUpdateSchema>;

/** The AI writer's house style guide: an admin-written text added to every writer prompt. */
export const writerStyleGuideMax = 4000;

export const writerStyleGuideSchema = z.object({
  styleGuide: z.string(),
  updatedAt: z.string().nullable(),
  updatedBy: z.object({ id: z.number(), firstName: z.string(), lastName: z.string() }).nullable(),
});
export type WriterStyleGuide = z.infer<typeof writerStyleGuideSchema>;

export const writerStyleGuideResponseSchema = z.object({ data: writerStyleGuideSchema });

export const writerStyleGuideUpdateSchema = z.object({
  styleGuide: z
    .string({ error: "Style guide must be text" })
    .trim()
    .max(writerStyleGuideMax, `The style guide must be at most ${writerStyleGuideMax} characters`),
});
export type WriterStyleGuideUpdate = z.infer<typeof writerStyleGuideUpdateSchema>;

/**
 * A Bitcoin address readers can send to: bech32/bech32m (bc1..., one case) or base58 legacy and
 * P2SH (1... or 3...). The demo placeholder of earlier releases ('bc1qaurumwire0demo...') is not
 * one: bech32 has no 'i', 'o' or 'u'.
 */
export function isBitcoinAddress(value: string): boolean {
  return (
    /^bc1[ac-hj-np-z02-9]{11,71}$/.test(value) ||
    /^BC1[AC-HJ-NP-Z02-9]{11,71}$/.test(value) ||
    /^[13][a-km-zA-HJ-NP-Z1-9]{25,34}$/.test(value)
  );
}

/**
 * The contact details the public pages show (decision 135): the Bitcoin contribution address under
 * articles and the contact e-mail. Unset, the contribution box is hidden and the pages point to
 * the contact form instead of an address.
 */
export const contactDetailsSchema = z.object({
  bitcoinAddress: z.string().nullable(),
  contactEmail: z.string().nullable(),
  /** The site's profiles elsewhere (X, Telegram, ...): the Organization's `sameAs` for search engines. */
  socialLinks: z.array(z.string()),
  updatedAt: z.string().nullable(),
  updatedBy: z.object({ id: z.number(), firstName: z.string(), lastName: z.string() }).nullable(),
});
export type ContactDetails = z.infer<typeof contactDetailsSchema>;

export const contactDetailsResponseSchema = z.object({ data: contactDetailsSchema });

/** At most this many social profile addresses. */
export const socialLinksMax = 10;

/** A social profile address: a whole https:// URL (what `sameAs` needs). */
export function isSocialLink(value: string): boolean {
  if (value.length > 300 || !/^https:\/\//i.test(value)) return false;
  try {
    return new URL(value).hostname.includes(".");
  } catch {
    return false;
  }
}

/** An empty field clears the setting. */
const emptyAsNull = (value: string) => (value === "" ? null : value);

export const contactDetailsUpdateSchema = z.object({
  bitcoinAddress: z
    .string({ error: "Bitcoin address must be text" })
    .trim()
    .refine((value) => value === "" || isBitcoinAddress(value), {
      error: "Enter a Bitcoin address (bc1..., 1... or 3...) or leave the field empty",
    })
    .transform(emptyAsNull),
  contactEmail: z
    .string({ error: "Contact e-mail must be text" })
    .trim()
    .max(254, "The e-mail address must be at most 254 characters")
    .refine((value) => value === "" || z.email().safeParse(value).success, {
      error: "Enter an e-mail address like desk@example.com or leave the field empty",
    })
    .transform(emptyAsNull),
  /** Left out, the stored links stay (clients that predate them keep working); [] clears them. */
  socialLinks: z
    .array(z.string({ error: "Each social profile must be text" }).trim(), {
      error: "Social profiles must be a list of addresses",
    })
    .transform((links) => [...new Set(links.filter((link) => link !== ""))])
    .refine((links) => links.length <= socialLinksMax, {
      error: `Enter at most ${socialLinksMax} social profiles`,
    })
    .refine((links) => links.every(isSocialLink), {
      error: "Enter each social profile as a whole https:// address, one per line",
    })
    .optional(),
});
export type ContactDetailsInput = z.input<typeof contactDetailsUpdateSchema>;
export type ContactDetailsUpdate = z.output<typeof contactDetailsUpdateSchema>;

/** Newsroom security (issue 31, decision 202): "Require two-factor for all staff". */
export const securitySettingsSchema = z.object({
  requireStaffTwoFactor: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.object({ id: z.number(), firstName: z.string(), lastName: z.string() }).nullable(),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;
export const securitySettingsResponseSchema = z.object({ data: securitySettingsSchema });
export const securitySettingsUpdateSchema = z.object({
  requireStaffTwoFactor: z.boolean({ error: "Require two-factor must be true or false" }),
});
export type SecuritySettingsUpdate = z.infer<typeof securitySettingsUpdateSchema>;
