import { z } from "zod";
import { databaseId } from "./database-id";
import {
  type LandingSectionType,
  landingChartMetrics,
  landingChartPeriods,
  landingFeaturedSlots,
  landingSectionMaxItems,
  landingSectionsMax,
  landingSectionTitleMax,
  landingSectionTypes,
} from "./landing-page-display";

export * from "./landing-page-display";

/**
 * The alternate landing layout and its manager (spec points 2, 3 and 7; decision 120): ordered
 * sections, the editor tab's texts, the featured picks and the custom charts. The constants and
 * labels live in landing-page-display.ts (no zod) and are re-exported here.
 */

export const landingSectionConfigurationSchema = z.object({
  itemCount: z.coerce
    .number({ error: "How many items must be a number" })
    .int("How many items must be a whole number")
    .min(1, "Show at least 1 item")
    .max(landingSectionMaxItems, `Show at most ${landingSectionMaxItems} items`)
    .optional(),
  /** Only articles of this category (slug); unset or empty: every category. */
  categorySlug: z
    .string()
    .trim()
    .max(100)
    .regex(/^[a-z0-9-]*$/, "Category must be a category slug")
    .optional(),
});
export type LandingSectionConfiguration = z.infer<typeof landingSectionConfigurationSchema>;

export const landingSectionSchema = z.object({
  id: z.number(),
  sectionType: z.enum(landingSectionTypes),
  title: z.string(),
  isActive: z.boolean(),
  position: z.number(),
  configuration: landingSectionConfigurationSchema,
});
export type LandingSection = z.infer<typeof landingSectionSchema>;

const sectionTitle = z
  .string({ error: "Title must be text" })
  .trim()
  .max(landingSectionTitleMax, `Title must be at most ${landingSectionTitleMax} characters`);

export const landingSectionCreateSchema = z.object({
  sectionType: z.enum(landingSectionTypes, {
    error: `Section type must be one of ${landingSectionTypes.join(", ")}`,
  }),
  title: sectionTitle.optional(),
  isActive: z.boolean({ error: "isActive must be true or false" }).default(true),
  configuration: landingSectionConfigurationSchema.default({}),
});
export type LandingSectionCreate = z.input<typeof landingSectionCreateSchema>;

/** PUT: {isActive} alone or the full section form (spec point 7). */
export const landingSectionUpdateSchema = z
  .object({
    sectionType: z.enum(landingSectionTypes, {
      error: `Section type must be one of ${landingSectionTypes.join(", ")}`,
    }),
    title: sectionTitle,
    isActive: z.boolean({ error: "isActive must be true or false" }),
    configuration: landingSectionConfigurationSchema,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, "Send at least one field to change");
export type LandingSectionUpdate = z.input<typeof landingSectionUpdateSchema>;

export const landingSectionReorderSchema = z.object({
  sectionIds: z
    .array(databaseId("Section ids must be positive whole numbers"), {
      error: "sectionIds must be a list of section ids",
    })
    .max(landingSectionsMax * 2),
});

export const landingSectionIdParamsSchema = z.object({
  id: databaseId("Section id must be a positive whole number"),
});

const shortText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

/** A link of a hero button: a path on this site or an http(s) address. */
const buttonLink = z
  .string({ error: "Button link must be text" })
  .trim()
  .max(300)
  .refine(
    (value) => value === "" || /^\/(?!\/)/.test(value) || /^https?:\/\/[^\s]+$/.test(value),
    "Button link must start with / or http(s)://",
  );

/** The Landing Page Editor tab (spec point 3). */
export const landingPageContentSchema = z.object({
  heroTitle: shortText("Hero title", 120),
  heroSubtitle: shortText("Hero subtitle", 300),
  primaryButtonText: shortText("Primary button text", 40),
  primaryButtonLink: buttonLink,
  secondaryButtonText: shortText("Secondary button text", 40),
  secondaryButtonLink: buttonLink,
  seoTitle: shortText("SEO page title", 60),
  metaDescription: shortText("Meta description", 160),
  keywords: shortText("Keywords", 300),
  shareImage: z
    .string({ error: "Share image must be text" })
    .trim()
    .max(500)
    .refine(
      (value) => value === "" || /^\/(?!\/)/.test(value) || /^https?:\/\/[^\s]+$/.test(value),
      "Share image must be an address starting with / or http(s)://",
    ),
  aboutTitle: shortText("About title", 120),
  aboutContent: shortText("About content", 2000),
});
export type LandingPageContent = z.infer<typeof landingPageContentSchema>;

const articleIdList = (max: number, label: string) =>
  z
    .array(databaseId("Article ids must be positive whole numbers"))
    .max(max, `Choose at most ${max} articles for ${label}`)
    .refine((ids) => new Set(ids).size === ids.length, `${label} names an article twice`);

export const landingFeaturedSchema = z.object({
  heroArticleId: databaseId("Article ids must be positive whole numbers").nullable(),
  secondaryArticleIds: articleIdList(landingFeaturedSlots.secondary, "the secondary cards"),
  editorsPickIds: articleIdList(landingFeaturedSlots.editorsPicks, "Editor's Picks"),
});
export type LandingFeatured = z.infer<typeof landingFeaturedSchema>;

export const landingChartSchema = z.object({
  id: z.string().regex(/^[\w-]{1,40}$/, "Chart id must be 1-40 letters, digits, - or _"),
  title: shortText("Chart title", 80).min(1, "Give the chart a title"),
  coins: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z0-9]{1,10}$/, "Coins are ticker symbols"),
    )
    .min(1, "Choose at least one coin")
    .max(12, "Choose at most 12 coins"),
  metric: z.enum(landingChartMetrics, { error: "Choose a metric" }),
  // Charts saved before periods existed have none: they are "latest" charts.
  period: z
    .enum(landingChartPeriods, { error: `Period must be one of ${landingChartPeriods.join(", ")}` })
    .default("latest"),
});
export type LandingChart = z.infer<typeof landingChartSchema>;

export const landingChartsSchema = z.object({
  charts: z.array(landingChartSchema).max(8, "At most 8 charts"),
});

export const landingPageConfigurationSchema = z.object({
  sections: z.array(landingSectionSchema),
  content: landingPageContentSchema,
  featured: landingFeaturedSchema,
  charts: z.array(landingChartSchema),
  updatedAt: z.string().nullable(),
});
export type LandingPageConfiguration = z.infer<typeof landingPageConfigurationSchema>;

export const landingConfigurationResponseSchema = z.object({
  data: landingPageConfigurationSchema,
});
export const landingSectionResponseSchema = z.object({ data: landingSectionSchema });
export const landingSectionsResponseSchema = z.object({ data: z.array(landingSectionSchema) });

/** The sections a fresh install starts with, in the spec's order of the alternate layout. */
export const defaultLandingSections: ReadonlyArray<{
  sectionType: LandingSectionType;
  title?: string;
}> = [
  { sectionType: "hero", title: "Top Stories" },
  // The spec's layout names its four numbered picks 'Editor's Picks'.
  { sectionType: "featured_articles", title: "Editor's Picks" },
  { sectionType: "latest_news" },
  // And its four 'Market Analysis' items (the block adds the market cards and sentiment index).
  { sectionType: "market_analytics", title: "Market Analysis" },
];
