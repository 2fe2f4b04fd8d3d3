import { z } from "zod";

/**
 * Which classifier scores news sentiment (decision 260): the built-in offline classifier, or the
 * configured AI model (the AI writer's Ollama or OpenAI-compatible provider), with the offline
 * classifier as its fallback. Editors and admins switch it.
 */
export const sentimentEngines = ["offline", "ai"] as const;
export type SentimentEngine = (typeof sentimentEngines)[number];

export const sentimentEngineSchema = z.enum(sentimentEngines, {
  error: 'The sentiment engine must be "offline" or "ai"',
});

const editorRefSchema = z
  .object({ id: z.number(), firstName: z.string(), lastName: z.string() })
  .nullable();

export const sentimentEngineSettingSchema = z.object({
  engine: sentimentEngineSchema,
  /** The AI provider the server is configured with, and the asking account's use of it today. */
  ai: z.object({
    configured: z.boolean(),
    provider: z.string().nullable(),
    model: z.string().nullable(),
    dailyLimit: z.number(),
    usedToday: z.number(),
  }),
  updatedAt: z.string().nullable(),
  updatedBy: editorRefSchema,
});
export type SentimentEngineSetting = z.infer<typeof sentimentEngineSettingSchema>;

export const sentimentEngineResponseSchema = z.object({ data: sentimentEngineSettingSchema });

export const sentimentEngineUpdateSchema = z.object({ engine: sentimentEngineSchema });
export type SentimentEngineUpdate = z.infer<typeof sentimentEngineUpdateSchema>;
