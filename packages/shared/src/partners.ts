import { z } from "zod";
import { databaseId } from "./database-id";

/** Partner syndication (issue 15, decisions 110-112): connections, the ledger and the rule. */
export const partnerKinds = ["wordpress", "ghost", "webhook"] as const;
export type PartnerKind = (typeof partnerKinds)[number];
export const partnerKindLabels: Record<PartnerKind, string> = {
  wordpress: "WordPress (REST API)",
  ghost: "Ghost (Admin API)",
  webhook: "Signed webhook (ninjs)",
};

export const partnerPostStatuses = ["draft", "pending", "future", "publish"] as const;

/** Spec point 9 read strictly (decision 112): 3 new articles per rolling 24 hours per partner. */
export const defaultComplianceRule = { maxArticles: 3, windowHours: 24 } as const;

/** Spec point 4: the note under 'Rate Limited'. */
export const rateLimitedNote = "Daily limit reached. Next posting window starts tomorrow.";

/** Bulk onboarding takes at most this many articles per request (issue 15). */
export const maxBulkOnboard = 50;

const secretText = z
  .string({ error: "The key or password is required" })
  .trim()
  .min(8, "The key or password must be at least 8 characters")
  .max(500, "The key or password must be at most 500 characters");

const connectionFields = {
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(100, "Name must be at most 100 characters"),
  kind: z.enum(partnerKinds, { error: "Kind must be wordpress, ghost or webhook" }),
  url: z
    .url({ error: "Enter the partner's address, starting with https:// or http://" })
    .max(500)
    .refine(
      (value) => /^https?:\/\//i.test(value),
      "The address must start with https:// or http://",
    ),
  username: z.string().trim().max(200).nullish(),
  postStatus: z.enum(partnerPostStatuses).default("pending"),
  maxArticles: z.coerce
    .number({ error: "Max articles must be a number" })
    .int("Max articles must be a whole number")
    .min(1, "Max articles must be at least 1")
    .max(1000, "Max articles must be at most 1000")
    .default(defaultComplianceRule.maxArticles),
  windowHours: z.coerce
    .number({ error: "The window must be a number of hours" })
    .int("The window must be a whole number of hours")
    .min(1, "The window must be at least 1 hour")
    .max(24 * 30, "The window must be at most 720 hours")
    .default(defaultComplianceRule.windowHours),
  isDefault: z.boolean().default(false),
  isActive: z.boolean().default(true),
};

export const createPartnerConnectionSchema = z
  .object({ ...connectionFields, secret: secretText })
  .superRefine((value, context) => {
    if (value.kind === "wordpress" && !value.username) {
      context.addIssue({
        code: "custom",
        path: ["username"],
        message: "WordPress needs the user name the application password belongs to",
      });
    }
    if (value.kind === "ghost" && !/^[0-9a-f]{6,}:[0-9a-f]{16,}$/i.test(value.secret)) {
      context.addIssue({
        code: "custom",
        path: ["secret"],
        message: "A Ghost Admin API key looks like id:secret (copy it from Ghost > Integrations)",
      });
    }
  });
export type CreatePartnerConnection = z.input<typeof createPartnerConnectionSchema>;
export type PartnerConnectionInput = z.output<typeof createPartnerConnectionSchema>;

/** Changes; a missing secret keeps the stored one. */
export const updatePartnerConnectionSchema = z.object({
  name: connectionFields.name.optional(),
  url: connectionFields.url.optional(),
  username: connectionFields.username,
  postStatus: z.enum(partnerPostStatuses).optional(),
  maxArticles: connectionFields.maxArticles.optional(),
  windowHours: connectionFields.windowHours.optional(),
  isDefault: z.boolean().optional(),
  isActive: z.boolean().optional(),
  secret: secretText.optional(),
});
export type UpdatePartnerConnection = z.input<typeof updatePartnerConnectionSchema>;
export type PartnerConnectionChanges = z.output<typeof updatePartnerConnectionSchema>;

export const partnerPushStatuses = [
  "held",
  "queued",
  "sending",
  "sent",
  "failed",
  "cancelled",
] as const;
export type PartnerPushStatus = (typeof partnerPushStatuses)[number];

export const pushIdParamsSchema = z.object({
  id: databaseId("Push id must be a positive whole number"),
});

export const partnerIdQuerySchema = z.object({
  partnerId: databaseId("Partner id must be a positive whole number").optional(),
});

export const onboardParamsSchema = z.object({
  articleId: databaseId("Article id must be a positive whole number"),
});

export const onboardBodySchema = z
  .object({
    partnerId: databaseId("Partner id must be a positive whole number").optional(),
  })
  .nullish()
  .transform((value) => value ?? {});

export const onboardBulkSchema = z.object({
  articleIds: z
    .array(databaseId("Article ids must be positive whole numbers"), {
      error: "articleIds must be a list of article ids",
    })
    .min(1, "Choose at least one article")
    .max(maxBulkOnboard, `At most ${maxBulkOnboard} articles can be sent in one request`),
  options: z
    .object({
      partnerId: databaseId("Partner id must be a positive whole number").optional(),
    })
    .optional(),
  partnerId: databaseId("Partner id must be a positive whole number").optional(),
});

export const recommendationsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(50, "limit must be at most 50")
    .default(10),
  partnerId: databaseId("Partner id must be a positive whole number").optional(),
});

export type {
  ComplianceStatus,
  ConnectionTestResult,
  IntegrationStatus,
  PartnerConnectionView,
  PartnerPushView,
} from "./partner-views";
