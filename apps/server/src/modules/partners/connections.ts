import type {
  ConnectionTestResult,
  IntegrationStatus,
  PartnerConnectionChanges,
  PartnerConnectionInput,
  PartnerConnectionView,
  PartnerKind,
} from "@aurumwire/shared/partners";
import type { PartnerConnectionRow } from "../../db/schema";
import { AppError, conflict, notFound } from "../../errors";
import type { AddressGuard } from "../../lib/outbound-http";
import type { SecretBox } from "../../lib/secret-box";
import { createPartnerAdapter, type PartnerAdapter } from "./adapters";
import { describePartnerFailure, guessPartnerKind } from "./failures";
import type { PartnersRepository } from "./repository";

/**
 * Partner connections (decisions 110, 111): the rows an admin manages, their sealed secrets, the
 * connection from PARTNER_API_URL, which partner is meant, the adapter of each, and the health
 * shown on the dashboard (a test, or the last push, whichever came last).
 */

export interface Actor {
  id: number;
  role: string;
}

export function iso(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}

export const notConfiguredMessage =
  "Partner integration is not configured. Add a partner connection or set PARTNER_API_URL and PARTNER_API_KEY.";

export function createConnections(deps: {
  repository: PartnersRepository;
  box: SecretBox;
  siteName: string;
  env: { url?: string; apiKey?: string; kind?: PartnerKind };
  clock: () => number;
  timeoutMs?: number;
  guard?: AddressGuard;
}) {
  const { repository: repo, box } = deps;
  const now = () => new Date(deps.clock());
  let envReady: Promise<void> | null = null;

  function ensureEnvConnection(): Promise<void> {
    envReady ??= (async () => {
      const existing = await repo.findEnvConnection();
      const { url, apiKey } = deps.env;
      if (!url || !apiKey) {
        if (existing?.isActive) await repo.updateConnection(existing.id, { isActive: false });
        return;
      }
      const kind = deps.env.kind ?? guessPartnerKind(url, apiKey);
      let username: string | null = null;
      let secret = apiKey;
      if (kind === "wordpress" && apiKey.includes(":")) {
        username = apiKey.slice(0, apiKey.indexOf(":"));
        secret = apiKey.slice(apiKey.indexOf(":") + 1);
      }
      const values = {
        name: existing?.name ?? "Partner (PARTNER_API_URL)",
        kind,
        url,
        username,
        secretCiphertext: box.seal(secret),
        secretHint: secret.slice(-4),
        isActive: true,
        source: "env",
        updatedAt: now(),
      };
      if (existing) await repo.updateConnection(existing.id, values);
      else await repo.insertConnection(values).catch(() => {}); // another instance made it first
    })().catch((error) => {
      envReady = null;
      throw error;
    });
    return envReady;
  }

  function connectionView(row: PartnerConnectionRow): PartnerConnectionView {
    return {
      id: row.id,
      name: row.name,
      kind: row.kind,
      url: row.url,
      username: row.username,
      secretHint: `••••${row.secretHint}`,
      postStatus: row.postStatus,
      maxArticles: row.maxArticles,
      windowHours: row.windowHours,
      isDefault: row.isDefault,
      isActive: row.isActive,
      source: row.source === "env" ? "env" : "dashboard",
      lastCheckedAt: iso(row.lastCheckedAt),
      lastCheckOk: row.lastCheckOk,
      lastCheckMessage: row.lastCheckMessage,
    };
  }

  /** The named partner, or the default one: marked default, else the environment's, else the first. */
  async function findPartner(partnerId?: number): Promise<PartnerConnectionRow | null> {
    await ensureEnvConnection();
    if (partnerId) {
      const row = await repo.findConnection(partnerId);
      if (!row) throw notFound("Partner connection not found", "partner_not_found");
      return row;
    }
    const active = (await repo.listConnections()).filter((row) => row.isActive);
    return (
      active.find((row) => row.isDefault) ??
      active.find((row) => row.source === "env") ??
      active[0] ??
      null
    );
  }

  async function requirePartner(partnerId?: number): Promise<PartnerConnectionRow> {
    const partner = await findPartner(partnerId);
    if (!partner) {
      throw conflict(
        "No partner connection is configured. An admin can add one under Dashboard > Campaigns > Partner connections (or set PARTNER_API_URL and PARTNER_API_KEY).",
        "partner_not_configured",
      );
    }
    if (!partner.isActive) {
      throw conflict(
        `The partner connection "${partner.name}" is switched off.`,
        "partner_inactive",
      );
    }
    return partner;
  }

  function adapterFor(partner: PartnerConnectionRow): PartnerAdapter {
    let secret: string;
    try {
      secret = box.open(partner.secretCiphertext);
    } catch {
      throw new AppError(
        409,
        "partner_secret_unreadable",
        `The stored key of "${partner.name}" cannot be decrypted (PARTNER_SECRET_KEY or JWT_SECRET changed). Enter the key again.`,
      );
    }
    return createPartnerAdapter(
      {
        id: partner.id,
        kind: partner.kind,
        url: partner.url,
        username: partner.username,
        secret,
        postStatus: partner.postStatus,
        siteName: deps.siteName,
      },
      {
        timeoutMs: deps.timeoutMs,
        now: deps.clock,
        // The environment's connection is the operator's address, trusted like MARKET_DATA_URL;
        // every dashboard-made one goes through the address guard (decision 220).
        guard: partner.source === "env" ? undefined : deps.guard,
        refs: {
          get: async (kind, key) => {
            const row = await repo.findRef(partner.id, kind, key);
            return row ? { remoteId: row.remoteId, remoteUrl: row.remoteUrl } : null;
          },
          set: (kind, key, value) => repo.saveRef(partner.id, kind, key, value),
        },
      },
    );
  }

  /** The connection's health as the dashboard shows it: the latest test or push decides. */
  async function recordHealth(partnerId: number, ok: boolean, message: string) {
    await repo.updateConnection(partnerId, {
      lastCheckedAt: now(),
      lastCheckOk: ok,
      lastCheckMessage: message,
    });
  }

  return {
    ensureEnvConnection,
    connectionView,
    findPartner,
    requirePartner,
    adapterFor,
    recordHealth,

    async listConnections(): Promise<PartnerConnectionView[]> {
      await ensureEnvConnection();
      return (await repo.listConnections()).map(connectionView);
    },

    async createConnection(actor: Actor, input: PartnerConnectionInput) {
      await deps.guard?.refuseInternal(input.url);
      await ensureEnvConnection();
      const at = now();
      const row = await repo.transaction(async (tx) => {
        const created = await repo.insertConnection(
          {
            name: input.name,
            kind: input.kind,
            url: input.url.replace(/\/+$/, ""),
            username: input.username ?? null,
            secretCiphertext: box.seal(input.secret),
            secretHint: input.secret.slice(-4),
            postStatus: input.postStatus ?? "pending",
            maxArticles: input.maxArticles,
            windowHours: input.windowHours,
            isDefault: input.isDefault ?? false,
            isActive: input.isActive ?? true,
            createdAt: at,
            updatedAt: at,
          },
          tx,
        );
        if (created.isDefault) await repo.clearDefault(created.id, tx);
        await repo.audit(
          {
            partnerId: created.id,
            userId: actor.id,
            action: "connection.created",
            detail: { name: created.name, kind: created.kind, url: created.url },
          },
          tx,
        );
        return created;
      });
      return connectionView(row);
    },

    /** Checks an update: an env connection's access comes from the environment only. */
    async assertUpdatable(id: number, input: PartnerConnectionChanges) {
      const existing = await repo.findConnection(id);
      if (!existing) throw notFound("Partner connection not found", "partner_not_found");
      const changesAccess =
        (input.url !== undefined && input.url.replace(/\/+$/, "") !== existing.url) ||
        (input.username !== undefined && (input.username || null) !== existing.username) ||
        !!input.secret;
      if (existing.source === "env" && changesAccess) {
        throw conflict(
          "This connection comes from PARTNER_API_URL and PARTNER_API_KEY; change those settings to change its address or key.",
          "partner_from_environment",
        );
      }
      if (input.url && input.url.replace(/\/+$/, "") !== existing.url)
        await deps.guard?.refuseInternal(input.url);
      if (
        existing.kind === "ghost" &&
        input.secret &&
        !/^[0-9a-f]{6,}:[0-9a-f]{16,}$/i.test(input.secret)
      ) {
        throw new AppError(400, "validation_failed", "A Ghost Admin API key looks like id:secret", {
          secret: "A Ghost Admin API key looks like id:secret (copy it from Ghost > Integrations)",
        });
      }
      return existing;
    },

    /** Removes a connection without history; one with pushes is switched off (the ledger stays). */
    async deleteConnection(
      actor: Actor,
      id: number,
    ): Promise<{ deleted: boolean; connection: PartnerConnectionView | null }> {
      const existing = await repo.findConnection(id);
      if (!existing) throw notFound("Partner connection not found", "partner_not_found");
      if (existing.source === "env") {
        throw conflict(
          "This connection comes from PARTNER_API_URL and PARTNER_API_KEY; unset those settings to remove it.",
          "partner_from_environment",
        );
      }
      if (await repo.hasPushes(id)) {
        const row = await repo.updateConnection(id, {
          isActive: false,
          isDefault: false,
          updatedAt: now(),
        });
        await repo.audit({
          partnerId: id,
          userId: actor.id,
          action: "connection.deactivated",
          detail: {},
        });
        return { deleted: false, connection: connectionView(row) };
      }
      await repo.deleteConnection(id);
      await repo.audit({
        partnerId: null,
        userId: actor.id,
        action: "connection.deleted",
        detail: { id, name: existing.name },
      });
      return { deleted: true, connection: null };
    },

    async status(
      partnerId: number | undefined,
      articlesLast24Hours: number,
    ): Promise<IntegrationStatus> {
      const partner = await findPartner(partnerId);
      if (!partner) {
        return {
          integration: {
            connected: false,
            configured: false,
            status: "not_configured",
            message: notConfiguredMessage,
            partner: null,
          },
          lastChecked: null,
          compliance: { articlesLast24Hours: 0 },
        };
      }
      const status =
        partner.lastCheckOk === null ? "unchecked" : partner.lastCheckOk ? "connected" : "error";
      return {
        integration: {
          connected: partner.lastCheckOk === true,
          configured: true,
          status,
          message:
            partner.lastCheckMessage ??
            `Configured for ${partner.name}; not tested yet. Use Test Connection to check the credentials.`,
          partner: { id: partner.id, name: partner.name, kind: partner.kind, url: partner.url },
        },
        lastChecked: iso(partner.lastCheckedAt),
        compliance: { articlesLast24Hours },
      };
    },

    /** A read-only credential check (nothing is created on the partner); the result is remembered. */
    async test(partnerId?: number, signal?: AbortSignal): Promise<ConnectionTestResult> {
      const partner = await findPartner(partnerId);
      const checkedAt = now();
      if (!partner) {
        return {
          ok: false,
          message: notConfiguredMessage,
          partner: null,
          checkedAt: checkedAt.toISOString(),
        };
      }
      let ok = false;
      let message: string;
      try {
        message = await adapterFor(partner).check(signal);
        ok = true;
      } catch (error) {
        message =
          error instanceof AppError
            ? error.message
            : describePartnerFailure(error, partner).message;
      }
      await recordHealth(partner.id, ok, message);
      return {
        ok,
        message,
        partner: { id: partner.id, name: partner.name, kind: partner.kind },
        checkedAt: checkedAt.toISOString(),
      };
    },
  };
}

export type Connections = ReturnType<typeof createConnections>;
