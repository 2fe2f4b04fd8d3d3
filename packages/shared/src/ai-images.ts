import { z } from "zod";
import { articleResponseSchema, articleUpdateSchema } from "./article-editor";
import { databaseId } from "./database-id";

/**
 * AI featured images (spec points 3, 7, 8, 9): Stable Diffusion (AUTOMATIC1111) and DALL-E 3
 * (OpenAI Images), and the branded cover drawn on our own server when neither is there.
 */
export const imageProviders = ["stable-diffusion", "dalle", "branded-cover"] as const;
export type ImageProvider = (typeof imageProviders)[number];

/** The two AI services by the names the spec's paths use. */
export const aiImageServices = ["stable-diffusion", "dalle"] as const;
export type AiImageService = (typeof aiImageServices)[number];

export const imageProviderLabels: Record<ImageProvider, string> = {
  "stable-diffusion": "Stable Diffusion",
  dalle: "DALL-E 3",
  "branded-cover": "Branded cover (drawn by us, not AI)",
};

/** Spec point 8: the defaults a status answer falls back to. */
export const imageServiceDefaults = {
  "stable-diffusion": { model: "stable-diffusion-xl", costPerImage: 0, quality: "high" },
  dalle: { model: "dall-e-3", costPerImage: 0.04, quality: "standard", maxImagesPerMinute: 5 },
} as const;

export const imageMessages = {
  noService: "No AI image generation service is configured. Please contact administrator.",
  unavailable: "Service unavailable",
  saveFirst: "Please save the article first before generating an AI image",
  saveFirstHint:
    "Please save the article first, then use the Generate AI button to create an AI image.",
  failed: "Failed to generate image",
  failedRetry: "Failed to generate AI image. Please try again.",
} as const;

/** Articles in one bulk request; more is a second batch. */
export const bulkImageMax = 100;
/** Bulk requests of this many articles or fewer are answered when done; larger ones run as a job. */
export const bulkImageInlineMax = 3;

/** GET /api/stable-diffusion/status and GET /api/dalle/status (spec point 3). */
export const imageServiceStatusSchema = z.object({
  configured: z.boolean(),
  model: z.string(),
  costPerImage: z.number(),
  quality: z.string(),
  message: z.string(),
  maxImagesPerMinute: z.number().optional(),
  /** DALL-E: what this calendar month (UTC) cost so far, in US dollars. */
  monthlySpend: z.number().optional(),
  /** DALL-E: the optional monthly cap in US dollars; null when there is none. */
  monthlyBudget: z.number().nullable().optional(),
});
export type ImageServiceStatus = z.infer<typeof imageServiceStatusSchema>;

export const generateImageQuerySchema = z.object({
  /** Which service draws it; without it Stable Diffusion, then DALL-E, then the branded cover. */
  provider: z.enum(imageProviders).optional(),
});

/** POST /api/articles/{id}/generate-image (spec points 3 and 7). */
export const generateImageResponseSchema = z.object({
  success: z.literal(true),
  featuredImage: z.string(),
  imageUrl: z.string(),
  srcset: z.string(),
  prompt: z.string().nullable(),
  revisedPrompt: z.string().nullable(),
  cost: z.number(),
  provider: z.enum(imageProviders),
  /** False for the branded cover: it is drawn by our server, not by an AI model. */
  aiGenerated: z.boolean(),
});
export type GenerateImageResponse = z.infer<typeof generateImageResponseSchema>;

export const bulkGenerateInputSchema = z.object({
  articleIds: z
    .array(databaseId())
    .min(1, "Choose at least one article")
    .max(bulkImageMax, `Choose at most ${bulkImageMax} articles at a time`)
    .transform((ids) => [...new Set(ids)]),
});

export const bulkItemStatuses = ["pending", "running", "succeeded", "failed", "cancelled"] as const;

export const bulkImageResultItemSchema = z.object({
  articleId: z.number(),
  title: z.string(),
  success: z.boolean(),
  status: z.enum(bulkItemStatuses),
  error: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type BulkImageResultItem = z.infer<typeof bulkImageResultItemSchema>;

/** Spec point 3's bulk image result, with the job's id and state for batches that keep running. */
export const bulkImageResultSchema = z.object({
  success: z.boolean(),
  batchId: z.number(),
  provider: z.enum(aiImageServices),
  status: z.enum(["running", "completed", "cancelled"]),
  total: z.number(),
  successful: z.number(),
  failed: z.number(),
  estimatedCost: z.number(),
  results: z.array(bulkImageResultItemSchema),
  createdAt: z.string(),
});
export type BulkImageResult = z.infer<typeof bulkImageResultSchema>;

export const imageBatchParamsSchema = z.object({ id: databaseId() });
export const imageBatchListSchema = z.object({ batches: z.array(bulkImageResultSchema) });

/** What a bulk run will cost before it starts (Articles Management shows it). */
export function estimateImageCost(count: number, costPerImage: number): number {
  return Math.round(count * costPerImage * 100) / 100;
}

/** "$0.04", or "FREE" for a free service (spec point 9). */
export function formatImageCost(cost: number): string {
  return cost === 0 ? "FREE" : `$${cost.toFixed(2)}`;
}

/**
 * PUT /api/articles/{id} (spec point 7): the form fields, and with `generateImage: true` a new
 * featured image from Stable Diffusion (`useStableDiffusion: true`) or DALL-E (false); without
 * `useStableDiffusion` the first configured service, or the branded cover.
 */
export const articleUpdateWithImageSchema = articleUpdateSchema.and(
  z.object({ useStableDiffusion: z.boolean().optional() }),
);

export const articleUpdateWithImageResponseSchema = articleResponseSchema.extend({
  imageGenerated: z.boolean().optional(),
  message: z.string().optional(),
});
