import { z } from "zod";
import { articleInputSchema } from "./articles";

/**
 * The AI article generator of spec points 2, 5, 7, 8 and 9: request and answer shapes of
 * /api/ollama/* and POST /api/articles/generate-ollama, the generator's constants, and the
 * progress events streamed while a draft is written.
 */

export const articleTypes = ["news", "analysis", "tutorial", "opinion", "review"] as const;
export const generatorTones = [
  "professional",
  "casual",
  "technical",
  "educational",
  "persuasive",
] as const;
export const generatorLengths = ["short", "medium", "long"] as const;
export const generatorAudiences = [
  "general",
  "beginners",
  "intermediate",
  "advanced",
  "investors",
  "developers",
] as const;
export type ArticleType = (typeof articleTypes)[number];
export type GeneratorTone = (typeof generatorTones)[number];
export type GeneratorLength = (typeof generatorLengths)[number];
export type GeneratorAudience = (typeof generatorAudiences)[number];

/** Spec point 9: generator lengths in words. */
export const generatorWordRanges: Record<GeneratorLength, { min: number; max: number }> = {
  short: { min: 500, max: 700 },
  medium: { min: 800, max: 1200 },
  long: { min: 1500, max: 2000 },
};

/** Long pieces are written outline first, then section by section: this many sections. */
export const generatorSectionCounts: Record<GeneratorLength, number> = {
  short: 3,
  medium: 4,
  long: 5,
};

/** Spec point 9: type news; tone professional; length medium; audience general; image generation on. */
export const generatorDefaults = {
  articleType: "news",
  tone: "professional",
  length: "medium",
  targetAudience: "general",
  generateImage: true,
} as const;

export const topicMaxLength = 500;
export const keywordsMax = 10;
/** Each staff member's generations per day (UTC) unless AI_DAILY_GENERATION_LIMIT says otherwise. */
export const defaultDailyGenerationLimit = 50;

/** Spec point 8: the six built-in topics used when no topics can be found or loaded. */
export const fallbackTopics = [
  "Bitcoin price outlook for the week ahead",
  "Ethereum staking: what changed this month",
  "How spot crypto ETFs are moving the market",
  "DeFi lending rates and where the yield comes from",
  "Stablecoin regulation: what investors need to know",
  "Layer 2 networks compared: fees, speed and security",
] as const;

/** Spec point 8's messages, word for word, for the tab. */
export const generatorMessages = {
  failed: (message: string) => `Failed to generate article with Ollama RAG: ${message}`,
  timedOut:
    "Request timed out after 5 minutes. The article may still have been created - check your dashboard.",
  categoriesFailed: "Failed to load categories for article generation",
  topicsFailed: "Failed to load trending topics. Using fallback topics.",
  saveFailed: (message: string) => `Failed to save article: ${message}`,
  noContent: "No article content to save",
  noCategory: "Please select a category before saving",
  invalidResponse: "Invalid article response from server",
  saved: "Article generated and saved!",
  copied: "Copied to clipboard!",
} as const;

const listMessage = (what: string, values: readonly string[]) =>
  `${what} must be one of: ${values.join(", ")}`;

/** Keywords arrive as a comma-separated text (the spec's form) or a list. */
const keywordsSchema = z
  .union([z.string().max(1000, "Keywords must be at most 1000 characters"), z.array(z.string())])
  .optional()
  .transform((value) => {
    const list = typeof value === "string" ? value.split(",") : (value ?? []);
    return [...new Set(list.map((keyword) => keyword.trim()).filter(Boolean))];
  })
  .pipe(
    z
      .array(z.string().max(60, "A keyword must be at most 60 characters"))
      .max(keywordsMax, `Give at most ${keywordsMax} keywords`),
  );

/** POST /api/articles/generate-ollama (spec point 7). */
export const generateArticleInputSchema = z.object({
  prompt: z
    .string({ error: "Please enter a topic for the article" })
    .trim()
    .min(1, "Please enter a topic for the article")
    .max(topicMaxLength, `The topic must be at most ${topicMaxLength} characters`),
  categoryId: z.coerce
    .number()
    .int("Please select a valid category")
    .positive("Please select a valid category")
    .nullish(),
  articleType: z
    .enum(articleTypes, { error: listMessage("Article type", articleTypes) })
    .default(generatorDefaults.articleType),
  length: z
    .enum(generatorLengths, { error: listMessage("Length", generatorLengths) })
    .default(generatorDefaults.length),
  tone: z
    .enum(generatorTones, { error: listMessage("Tone", generatorTones) })
    .default(generatorDefaults.tone),
  keywords: keywordsSchema,
  targetAudience: z
    .enum(generatorAudiences, { error: listMessage("Target audience", generatorAudiences) })
    .default(generatorDefaults.targetAudience),
  generateImage: z.boolean().default(generatorDefaults.generateImage),
});
export type GenerateArticleInput = z.input<typeof generateArticleInputSchema>;
export type GenerateArticleInputParsed = z.output<typeof generateArticleInputSchema>;

/** POST /api/ollama/research: the archive search without a model. */
export const researchInputSchema = generateArticleInputSchema.pick({
  prompt: true,
  keywords: true,
});
export type ResearchInput = z.input<typeof researchInputSchema>;

/** An archive article the writer was given, with the passage it read. */
export const generationSourceSchema = z.object({
  articleId: z.number(),
  title: z.string(),
  slug: z.string(),
  url: z.string(),
  publishedAt: z.string().nullable(),
  passage: z.string(),
});
export type GenerationSource = z.infer<typeof generationSourceSchema>;

export const generatedArticleSchema = z.object({
  title: z.string(),
  excerpt: z.string(),
  /** Sanitized HTML. */
  content: z.string(),
  featuredImage: z.string().nullable(),
  tags: z.array(z.string()),
  metaTitle: z.string(),
  metaDescription: z.string(),
  readingTime: z.number(),
});
export type GeneratedArticle = z.infer<typeof generatedArticleSchema>;

/** A number, price or percentage in the draft that none of the sources contains. */
export const figureCheckSchema = z.object({ figure: z.string(), context: z.string() });
export type FigureCheck = z.infer<typeof figureCheckSchema>;

const seoCheckSchema = z.object({
  id: z.string(),
  label: z.string(),
  points: z.number(),
  maxPoints: z.number(),
  passed: z.boolean(),
  advice: z.string().nullable(),
});

export const generateArticleResponseSchema = z.object({
  article: generatedArticleSchema,
  sources: z.array(generationSourceSchema),
  figureChecks: z.array(figureCheckSchema),
  seo: z.object({ score: z.number(), label: z.string(), checks: z.array(seoCheckSchema) }),
  generation: z.object({
    id: z.number(),
    provider: z.string(),
    model: z.string(),
    tokensIn: z.number(),
    tokensOut: z.number(),
    durationMs: z.number(),
  }),
});
export type GenerateArticleResponse = z.infer<typeof generateArticleResponseSchema>;

export const researchResponseSchema = z.object({
  /** Always false: says plainly that nothing in this answer was written by a model. */
  writtenByAi: z.literal(false),
  notice: z.string(),
  sources: z.array(generationSourceSchema),
});
export type ResearchResponse = z.infer<typeof researchResponseSchema>;

/** Progress of a streamed generation (Accept: text/event-stream). */
export const generationStepSchema = z.enum(["sources", "outline", "section", "checking"]);
export const generationProgressSchema = z.object({
  step: generationStepSchema,
  message: z.string(),
  current: z.number().optional(),
  total: z.number().optional(),
});
export type GenerationProgress = z.infer<typeof generationProgressSchema>;

export const topicsQuerySchema = z.object({
  category: z.string().trim().max(100).optional(),
});
export const topicsResponseSchema = z.object({
  status: z.literal("success"),
  topics: z.array(z.string()),
  /** "archive" when the topics come from our own data, "fallback" for the six built-in ones. */
  origin: z.enum(["archive", "fallback"]),
});
export type TopicsResponse = z.infer<typeof topicsResponseSchema>;

export const aiProviderNames = ["ollama", "openai"] as const;
export type AiProviderName = (typeof aiProviderNames)[number];

export const writerStatusSchema = z.object({
  configured: z.boolean(),
  provider: z.enum(aiProviderNames).nullable(),
  model: z.string().nullable(),
  reachable: z.boolean(),
  modelAvailable: z.boolean(),
  message: z.string(),
  dailyLimit: z.number(),
  usedToday: z.number(),
});
export type WriterStatus = z.infer<typeof writerStatusSchema>;

export const writerModelsResponseSchema = z.object({
  provider: z.enum(aiProviderNames),
  model: z.string(),
  models: z.array(z.string()),
});

/** 'Save as Draft & Edit': the (possibly edited) preview, saved through the article editor. */
export const saveGeneratedDraftSchema = articleInputSchema.pick({
  title: true,
  excerpt: true,
  content: true,
  categoryId: true,
  tags: true,
  metaTitle: true,
  metaDescription: true,
  featuredImage: true,
});
export type SaveGeneratedDraftInput = z.input<typeof saveGeneratedDraftSchema>;

export const generationIdParamsSchema = z.object({
  id: z.coerce.number().int().positive("Generation not found"),
});

/** GET /api/ollama/generations: the generation log (editors and admins see everyone's). */
export const generationLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const generationLogEntrySchema = z.object({
  id: z.number(),
  user: z.object({ id: z.number(), firstName: z.string(), lastName: z.string() }),
  provider: z.string(),
  model: z.string(),
  topic: z.string(),
  outcome: z.string(),
  errorCode: z.string().nullable(),
  tokensIn: z.number(),
  tokensOut: z.number(),
  durationMs: z.number(),
  sources: z.array(z.object({ articleId: z.number(), title: z.string(), slug: z.string() })),
  articleId: z.number().nullable(),
  createdAt: z.string(),
});
export type GenerationLogEntry = z.infer<typeof generationLogEntrySchema>;
export const generationLogResponseSchema = z.object({
  generations: z.array(generationLogEntrySchema),
});
