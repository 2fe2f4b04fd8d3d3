import { z } from "zod";
import { paginationSchema } from "./articles";

/**
 * The audit log (issue 31, decision 203): every staff action that changes what readers see or who
 * can do what, and refused security attempts. The action names and how a person reads them.
 */
export const auditActionLabels = {
  "article.publish": "Published an article",
  "article.unpublish": "Unpublished an article",
  "article.schedule": "Scheduled an article",
  "article.delete": "Deleted an article",
  "article.feature": "Featured an article",
  "article.unfeature": "Unfeatured an article",
  "article.restore_revision": "Restored an article revision",
  "article.submit_for_review": "Submitted an article for review",
  "article.return_for_changes": "Returned an article with a note",
  "category.create": "Created a category",
  "category.update": "Changed a category",
  "category.delete": "Deleted a category",
  "site_settings.update": "Changed site settings",
  "landing_page.update": "Changed the landing page",
  "user.create": "Created a user",
  "user.role_change": "Changed a user's role",
  "user.deactivate": "Deactivated a user",
  "user.password_reset": "Reset a user's password",
  "api_key.create": "Created an API key",
  "api_key.revoke": "Revoked an API key",
  "partner.connection_update": "Changed a partner connection",
  "partner.push": "Pushed to a partner",
  "partner.compliance_reset": "Reset partner compliance",
  "ai.generation_saved": "Saved an AI generation",
  "auth.two_factor_failed": "Failed two-factor code",
  "auth.session_revoke_refused": "Refused session sign-out",
} as const;
export type AuditAction = keyof typeof auditActionLabels;
export const auditActions = Object.keys(auditActionLabels) as [AuditAction, ...AuditAction[]];

const dateFilter = (label: string) =>
  z
    .string()
    .trim()
    .regex(
      /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/,
      `${label} must be a date like 2026-01-31`,
    )
    .refine((value) => !Number.isNaN(Date.parse(value)), `${label} is not a real date`)
    .optional();

/** GET /api/audit-log?actor&action&from&to&page */
export const auditLogQuerySchema = z
  .object({
    actor: z.coerce
      .number({ error: "actor must be a user id (a whole number)" })
      .int("actor must be a user id (a whole number)")
      .positive("actor must be a user id (a whole number)")
      .optional(),
    action: z
      .enum(auditActions, { error: "action is not one of the audit log's actions" })
      .optional(),
    from: dateFilter("from"),
    to: dateFilter("to"),
    page: z.coerce
      .number({ error: "page must be 1 or more" })
      .int("page must be 1 or more")
      .min(1, "page must be 1 or more")
      .max(100_000, "page is too large")
      .default(1),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: "from must be on or before to",
    path: ["from"],
  });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.object({ id: z.number().nullable(), name: z.string(), role: z.string() }),
  ipAddress: z.string(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  summary: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  pagination: paginationSchema,
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

export const auditPageSize = 25;
