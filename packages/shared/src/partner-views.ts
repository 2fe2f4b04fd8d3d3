import { z } from "zod";
import { partnerKinds, partnerPushStatuses } from "./partners";

/**
 * What the partner endpoints answer (issue 28). Each schema is the allowlist of what leaves the
 * server: the response is encoded through it, so a field not named here (a sealed secret, a
 * password, a key) never reaches a client even if a row carrying it is passed by mistake.
 */

const iso = z.string();

export const partnerConnectionViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(partnerKinds),
  url: z.string(),
  username: z.string().nullable(),
  /** "••••abcd": the secret itself never leaves the server after saving. */
  secretHint: z.string(),
  postStatus: z.string(),
  maxArticles: z.number(),
  windowHours: z.number(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  source: z.enum(["env", "dashboard"]),
  lastCheckedAt: iso.nullable(),
  lastCheckOk: z.boolean().nullable(),
  lastCheckMessage: z.string().nullable(),
});
export type PartnerConnectionView = z.infer<typeof partnerConnectionViewSchema>;

export const partnerPushViewSchema = z.object({
  id: z.number(),
  partnerId: z.number(),
  partnerName: z.string(),
  /** The partner's platform: what Withdraw does there depends on it. */
  partnerKind: z.enum(partnerKinds),
  articleId: z.number(),
  articleTitle: z.string(),
  campaignId: z.number().nullable(),
  /** create: a new post; update: a re-send; withdraw: taken down on the partner. */
  action: z.enum(["create", "update", "withdraw"]),
  status: z.enum(partnerPushStatuses),
  /** Queued: when it goes out; sent: when it went out. */
  slotAt: iso.nullable(),
  nextAttemptAt: iso.nullable(),
  attempts: z.number(),
  remoteId: z.string().nullable(),
  remoteUrl: z.string().nullable(),
  error: z.string().nullable(),
  /** remote_gone: the partner deleted the post; check_partner: the outcome was never known. */
  errorCode: z.string().nullable(),
  createdAt: iso,
  sentAt: iso.nullable(),
  /** What the Syndication log offers for this push. */
  canRetry: z.boolean(),
  canSendAsNew: z.boolean(),
  canWithdraw: z.boolean(),
});
export type PartnerPushView = z.infer<typeof partnerPushViewSchema>;

const partnerRef = z.object({ id: z.number(), name: z.string() });

export const integrationStatusSchema = z.object({
  integration: z.object({
    connected: z.boolean(),
    configured: z.boolean(),
    /** "connected", "error", "unchecked" (never tested) or "not_configured". */
    status: z.enum(["connected", "error", "unchecked", "not_configured"]),
    message: z.string(),
    partner: partnerRef.extend({ kind: z.enum(partnerKinds), url: z.string() }).nullable(),
  }),
  lastChecked: iso.nullable(),
  compliance: z.object({ articlesLast24Hours: z.number() }),
});
export type IntegrationStatus = z.infer<typeof integrationStatusSchema>;

export const complianceStatusSchema = z.object({
  statistics: z.object({
    articlesLast24Hours: z.number(),
    articlesLast7Days: z.number(),
    averagePerDay: z.number(),
  }),
  complianceRule: z.object({
    maxArticles: z.number(),
    windowHours: z.number(),
    description: z.string(),
  }),
  /** max(0, maxArticles - articles in the rule's window) (spec point 4). */
  remaining: z.number(),
  queued: z.number(),
  /** When the next queued article goes out, if any. */
  nextSlotAt: iso.nullable(),
  countingSince: iso.nullable(),
  partner: partnerRef.nullable(),
});
export type ComplianceStatus = z.infer<typeof complianceStatusSchema>;

export const connectionTestResultSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  partner: partnerRef.extend({ kind: z.enum(partnerKinds) }).nullable(),
  checkedAt: iso,
});
export type ConnectionTestResult = z.infer<typeof connectionTestResultSchema>;

export const recommendedArticleSchema = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string().nullable(),
  viewCount: z.number(),
  publishedAt: iso.nullable(),
  category: z.string().nullable(),
});

export const bulkOnboardResultSchema = z.object({
  total: z.number(),
  accepted: z.number(),
  sent: z.number(),
  queued: z.number(),
  failed: z.number(),
  results: z.array(
    z.object({
      articleId: z.number(),
      success: z.boolean(),
      pushId: z.number().optional(),
      error: z.string().optional(),
      code: z.string().optional(),
      push: partnerPushViewSchema.nullable(),
    }),
  ),
});
