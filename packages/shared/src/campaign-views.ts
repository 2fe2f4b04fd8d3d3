import { z } from "zod";
import { campaignCategories, campaignStatuses } from "./campaigns";
import { partnerPushViewSchema } from "./partner-views";

/**
 * What the campaign endpoints answer (issue 28): the schemas are the allowlist of what leaves
 * the server (the response is encoded through them; anything else is dropped).
 */

export const campaignTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.enum(campaignCategories),
  platforms: z.array(z.string()),
  duration: z.string(),
  estimatedReach: z.number(),
  contentTypes: z.array(z.string()),
  features: z.array(z.string()),
  complianceLevel: z.enum(["premium", "enhanced", "standard"]),
});

const words = z.array(z.string());

/** The wizard's draft as saved (older campaigns may lack newer fields). */
const savedDraftSchema = z.object({
  name: z.string(),
  description: z.string().optional(),
  template: z.string(),
  budget: z
    .object({
      amount: z.number(),
      allocation: z
        .object({ content: z.number(), promotion: z.number(), analytics: z.number() })
        .optional(),
    })
    .optional(),
  schedule: z
    .object({
      startDate: z.string().nullish(),
      endDate: z.string().nullish(),
      postingFrequency: z.string().optional(),
    })
    .optional(),
  targetAudience: z
    .object({ demographics: words, interests: words, platforms: words })
    .partial()
    .optional(),
  // The editor's own settings, `{product}Enabled` among them (spec, campaigns), as entered.
  compliance: z
    .looseObject({ riskLevel: z.string(), disclaimers: z.array(z.string()) })
    .partial()
    .optional(),
  content: z
    .object({
      articles: z.array(z.number()),
      contentThemes: words,
      hashtags: words,
      aiContent: z
        .object({
          messageToPortray: z.string(),
          contentType: z.string(),
          tone: z.string(),
          targetLength: z.string(),
        })
        .partial(),
    })
    .partial()
    .optional(),
  partnerIds: z.array(z.number()).optional(),
  status: z.string().optional(),
});

const counts = z.object({
  held: z.number(),
  queued: z.number(),
  sending: z.number(),
  sent: z.number(),
  failed: z.number(),
  cancelled: z.number(),
});

export const campaignViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  status: z.enum(campaignStatuses),
  template: z.object({ id: z.string(), name: z.string() }),
  budget: z.object({ amount: z.number() }),
  schedule: z.object({
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    postingFrequency: z.string(),
  }),
  partnerId: z.number().nullable(),
  partnerIds: z.array(z.number()),
  counts,
  createdAt: z.string(),
  draft: savedDraftSchema,
});

/** One campaign with its pushes and AI drafts (`GET /api/campaigns/:id` and every action). */
export const campaignDetailSchema = z.object({
  campaign: campaignViewSchema,
  pushes: z.array(partnerPushViewSchema),
  aiDrafts: z.array(z.object({ articleId: z.number(), title: z.string(), status: z.string() })),
  /** What became of each article added (create and add articles). */
  articles: z
    .array(z.object({ articleId: z.number(), success: z.boolean(), error: z.string().optional() }))
    .optional(),
});
