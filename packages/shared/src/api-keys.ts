import { z } from "zod";
import { databaseId } from "./database-id";
import { okResponse } from "./ok-response";

/** API key permissions of spec point 6; each one opens exactly its routes of the public API. */
export const apiKeyPermissions = [
  "articles:create",
  "articles:read",
  "articles:update",
  "articles:delete",
  "categories:read",
  "users:read",
  "analytics:read",
] as const;
export type ApiKeyPermission = (typeof apiKeyPermissions)[number];

/** Spec: "The default selection is articles:create and articles:read." */
export const defaultApiKeyPermissions: ApiKeyPermission[] = ["articles:create", "articles:read"];

export const apiKeyPermissionLabels: Record<ApiKeyPermission, string> = {
  "articles:create": "Create articles",
  "articles:read": "Read articles",
  "articles:update": "Update articles",
  "articles:delete": "Delete articles",
  "categories:read": "Read categories",
  "users:read": "Read authors",
  "analytics:read": "Read analytics",
};

export const apiKeyStatuses = ["active", "expired", "deactivated", "revoked"] as const;
export type ApiKeyStatus = (typeof apiKeyStatuses)[number];

/**
 * Spec point 4 (revoked when inactive, expired when active but past its expiry, else active),
 * with the inactive state split in two (decision 131): `revoked` once the key was revoked (final),
 * `deactivated` while it was only switched off (Activate brings it back).
 */
export function apiKeyStatus(
  key: { isActive: boolean; expiresAt: string | Date | null; revokedAt?: string | Date | null },
  now: Date = new Date(),
): ApiKeyStatus {
  if (key.revokedAt) return "revoked";
  if (!key.isActive) return "deactivated";
  if (key.expiresAt && new Date(key.expiresAt).getTime() <= now.getTime()) return "expired";
  return "active";
}

/** The visible start of every key, so a leaked one is recognisable (and findable by scanners). */
export const apiKeyTokenPrefix = "aw_";

const permissionList = z
  .array(z.enum(apiKeyPermissions, { error: "Unknown permission" }))
  .min(1, "Select at least one permission")
  .transform((list) => apiKeyPermissions.filter((permission) => list.includes(permission)));

const keyName = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(100, "Name must be at most 100 characters");

export const createApiKeySchema = z.object({
  name: keyName,
  permissions: permissionList,
  expiresAt: z
    .union([z.iso.datetime({ offset: true, error: "Expiry must be a date and time" }), z.null()])
    .optional()
    .refine((value) => !value || new Date(value).getTime() > Date.now(), {
      message: "Expiry must be in the future",
    }),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;
export type CreateApiKey = z.infer<typeof createApiKeySchema>;

export const updateApiKeySchema = z.object({
  name: keyName.optional(),
  permissions: permissionList.optional(),
  isActive: z.boolean().optional(),
});
export type UpdateApiKey = z.infer<typeof updateApiKeySchema>;

/** What the API says about a key: never the secret nor its hash. */
export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  keyPrefix: z.string(),
  permissions: z.array(z.enum(apiKeyPermissions)),
  isActive: z.boolean(),
  status: z.enum(apiKeyStatuses),
  /** Set once the key was revoked (DELETE): such a key cannot be activated again. */
  revokedAt: z.string().nullable(),
  usageCount: z.number(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  user: z.object({
    id: z.number(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
  }),
});
export type ApiKeyView = z.infer<typeof apiKeySchema>;

export const apiKeyIdParamsSchema = z.object({ id: databaseId() });

export const apiKeyListResponseSchema = okResponse(z.object({ apiKeys: z.array(apiKeySchema) }));
export type ApiKeyListResponse = z.infer<typeof apiKeyListResponseSchema>;

export const apiKeyResponseSchema = okResponse(z.object({ apiKey: apiKeySchema }));
export type ApiKeyResponse = z.infer<typeof apiKeyResponseSchema>;

/**
 * The creation answer: `apiKey` is the full secret, shown this once and never again; `keyInfo`
 * describes the stored key (spec: keyInfo {name, permissions, expiresAt}, plus the rest of the view).
 */
export const createdApiKeyResponseSchema = okResponse(
  z.object({ apiKey: z.string(), keyInfo: apiKeySchema }),
);
export type CreatedApiKeyResponse = z.infer<typeof createdApiKeyResponseSchema>;
