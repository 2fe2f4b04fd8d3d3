import {
  type ApiKeyPermission,
  type ApiKeyView,
  apiKeyStatus,
  type CreateApiKey,
  type UpdateApiKey,
} from "@aurumwire/shared/api-keys";
import { isAdmin, isStaff } from "@aurumwire/shared/roles";
import type { UserRow } from "../../db/schema";
import { AppError, conflict, notFound, unauthorized } from "../../errors";
import type { AuditService } from "../audit/service";
import type { ApiKeysRepository, ApiKeyWithOwner } from "./repository";
import { generateApiKeySecret, hashApiKey, looksLikeApiKey } from "./secrets";
import type { UsageRecorder } from "./usage-recorder";

/** The allowlist of what the API says about a key: never the secret, never its hash. */
export function toApiKeyView(row: ApiKeyWithOwner, now = new Date()): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    keyPrefix: row.keyPrefix,
    permissions: row.permissions as ApiKeyPermission[],
    isActive: row.isActive,
    status: apiKeyStatus(row, now),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    usageCount: row.usageCount,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    user: {
      id: row.owner.id,
      email: row.owner.email,
      firstName: row.owner.firstName,
      lastName: row.owner.lastName,
    },
  };
}

/** A key that passed every check of the public API, with the account it acts for. */
export interface AuthenticatedApiKey {
  id: number;
  keyHash: string;
  name: string;
  permissions: ApiKeyPermission[];
  /** The account the key acts for: its rights are the key's upper bound. */
  owner: { id: number; role: UserRow["role"] };
}

const keyNotFound = () => notFound("API key not found.", "api_key_not_found");

export function createApiKeysService(deps: {
  repository: ApiKeysRepository;
  usage: UsageRecorder;
  /** The audit log (decision 203): keys created and revoked. */
  audit: Pick<AuditService, "record">;
}) {
  const { repository, usage, audit } = deps;

  /** Owners manage their own keys; admins manage everyone's. Others learn nothing about a key. */
  async function loadManageable(actor: UserRow, id: number): Promise<ApiKeyWithOwner> {
    const key = await repository.findById(id);
    if (!key || (key.userId !== actor.id && !isAdmin(actor))) throw keyNotFound();
    return key;
  }

  async function view(id: number): Promise<ApiKeyView> {
    const key = await repository.findById(id);
    if (!key) throw keyNotFound();
    return toApiKeyView(key);
  }

  return {
    async list(actor: UserRow): Promise<ApiKeyView[]> {
      // Pending usage is written first, so the owner sees the counts of the last seconds too.
      await usage.flush();
      const rows = await repository.list(isAdmin(actor) ? undefined : actor.id);
      const now = new Date();
      return rows.map((row) => toApiKeyView(row, now));
    },

    async create(
      actor: UserRow,
      input: CreateApiKey,
    ): Promise<{ apiKey: string; keyInfo: ApiKeyView }> {
      const { secret, keyPrefix, keyHash } = generateApiKeySecret();
      const row = await repository.insert({
        userId: actor.id,
        name: input.name,
        keyPrefix,
        keyHash,
        permissions: input.permissions,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      });
      await audit.record(actor, "api_key.create", {
        target: { type: "api_key", id: row.id },
        summary: `${input.name} (${keyPrefix}...)`,
        after: { permissions: input.permissions },
      });
      return { apiKey: secret, keyInfo: await view(row.id) };
    },

    async update(actor: UserRow, id: number, input: UpdateApiKey): Promise<ApiKeyView> {
      const key = await loadManageable(actor, id);
      if (input.isActive === true && key.revokedAt) {
        throw conflict(
          "This API key was revoked and cannot be activated again. Generate a new key instead.",
          "api_key_revoked",
        );
      }
      const editsDetails = input.name !== undefined || input.permissions !== undefined;
      if (editsDetails && !(input.isActive ?? key.isActive)) {
        throw conflict("Activate this API key before editing it.", "api_key_inactive");
      }
      const changes: Parameters<ApiKeysRepository["update"]>[1] = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.permissions !== undefined) changes.permissions = input.permissions;
      if (input.isActive !== undefined) changes.isActive = input.isActive;
      if (Object.keys(changes).length) await repository.update(id, changes);
      return view(id);
    },

    /** DELETE: the key stops working at once and for good; it stays listed as revoked. */
    async revoke(actor: UserRow, id: number): Promise<ApiKeyView> {
      const key = await loadManageable(actor, id);
      if (!key.revokedAt) {
        await repository.update(id, { isActive: false, revokedAt: new Date() });
        await audit.record(actor, "api_key.revoke", {
          target: { type: "api_key", id },
          summary: `${key.name} (${key.keyPrefix}...)`,
        });
      }
      return view(id);
    },

    /**
     * The public API's check of a presented secret. Each refusal says why, so an integrator can
     * tell a typo from a revoked, expired or orphaned key.
     */
    async authenticate(secret: string): Promise<AuthenticatedApiKey> {
      const invalid = () => unauthorized("This API key is not valid.", "api_key_invalid");
      if (!looksLikeApiKey(secret)) throw invalid();
      const key = await repository.findByHash(hashApiKey(secret));
      if (!key) throw invalid();
      if (!key.isActive) {
        throw unauthorized(
          key.revokedAt
            ? "This API key has been revoked."
            : "This API key has been deactivated by its owner.",
          "api_key_revoked",
        );
      }
      if (key.expiresAt && key.expiresAt.getTime() <= Date.now()) {
        throw unauthorized(
          `This API key expired on ${key.expiresAt.toISOString()}.`,
          "api_key_expired",
        );
      }
      if (!key.owner.isActive) {
        throw unauthorized(
          "The account that owns this API key has been deactivated.",
          "api_key_owner_deactivated",
        );
      }
      if (!isStaff(key.owner)) {
        throw new AppError(
          403,
          "api_key_owner_not_staff",
          "The account that owns this API key no longer has staff access.",
        );
      }
      return {
        id: key.id,
        keyHash: key.keyHash,
        name: key.name,
        permissions: key.permissions as ApiKeyPermission[],
        owner: { id: key.owner.id, role: key.owner.role },
      };
    },

    recordUse(keyId: number, ip: string) {
      usage.record(keyId, ip);
    },

    flushUsage: () => usage.flush(),
    close: () => usage.close(),
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
