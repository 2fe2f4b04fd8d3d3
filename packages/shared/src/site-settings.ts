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
