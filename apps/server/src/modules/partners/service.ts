import {
  type ComplianceStatus,
  type IntegrationStatus,
  type PartnerConnectionChanges,
  type PartnerKind,
  type PartnerPushView,
  rateLimitedNote,
} from "@aurumwire/shared/partners";
import type { PartnerPushRow } from "../../db/schema";
import { AppError } from "../../errors";
import type { AddressGuard } from "../../lib/outbound-http";
import type { SecretBox } from "../../lib/secret-box";
import type { AuditService } from "../audit/service";
import type { FileStorage } from "../media/file-storage";
import { complianceOf, reslot } from "./compliance";
import { type Actor, createConnections, iso } from "./connections";
import { createQueue } from "./queue";
import type { PartnersRepository } from "./repository";
import { createTermMappings } from "./term-mappings";
import type { PartnerLogger } from "./withdraw";

export { backoffMs, describePartnerFailure, guessPartnerKind } from "./failures";
export type { PartnerLogger } from "./withdraw";

/**
 * The partner client (decisions 110-112, 170-173), put together from its parts: connections
 * (sealed secrets, health), the push queue (claim, lease, retry, backoff, unknown outcome),
 * compliance (the rule's slots) and article mapping; one adapter per platform.
 */
export function createPartnersService(deps: {
  repository: PartnersRepository;
  box: SecretBox;
  siteName: string;
  publicUrl: string;
  /** Where our uploads live (local disk or S3): images are read from it for partners. */
  files: FileStorage;
  env: { url?: string; apiKey?: string; kind?: PartnerKind };
  now?: () => number;
  timeoutMs?: number;
  /** Dashboard-made connections are staff-set addresses: only where this guard allows (220). */
  guard?: AddressGuard;
  log?: PartnerLogger;
  /** The audit log (decision 203): connections, pushes and compliance resets. */
  audit: Pick<AuditService, "record">;
}) {
  const { repository: repo, log, audit } = deps;
  const partnerTarget = (id: number) => ({ type: "partner", id });
  /** What happened to a push, in the audit log: the article pushed or withdrawn, or the push. */
  const auditPush = (
    actor: Actor,
    target: { type: "article" | "push"; id: number },
    summary: string,
  ) => audit.record(actor, "partner.push", { target, summary });
  const clock = deps.now ?? Date.now;
  const now = () => new Date(clock());
  const connections = createConnections({ ...deps, clock });
  const queue = createQueue({ ...deps, connections, clock });
  const { findPartner, requirePartner } = connections;

  async function compliance(partnerId?: number): Promise<ComplianceStatus> {
    return complianceOf(repo, await findPartner(partnerId), now());
  }

  type Listed = Awaited<ReturnType<typeof repo.listPushes>>[number];
  function pushView(
    { push, partnerName, partnerKind, articleTitle }: Listed,
    latestSent?: Set<number>,
  ): PartnerPushView {
    const isLatest = latestSent?.has(push.id) ?? false;
    return {
      id: push.id,
      partnerId: push.partnerId,
      partnerName,
      partnerKind,
      articleId: push.articleId,
      articleTitle,
      campaignId: push.campaignId,
      action: push.action,
      status: push.status,
      slotAt: iso(push.slotAt),
      nextAttemptAt: iso(push.nextAttemptAt),
      attempts: push.attempts,
      remoteId: push.remoteId,
      remoteUrl: push.remoteUrl,
      error: push.error,
      errorCode: push.errorCode,
      createdAt: push.createdAt.toISOString(),
      sentAt: iso(push.sentAt),
      canRetry: push.status === "failed" && push.errorCode !== "remote_gone",
      canSendAsNew: push.status === "failed" && push.errorCode === "remote_gone",
      canWithdraw: isLatest && push.status === "sent" && push.action !== "withdraw",
    };
  }

  async function pushViews(filter: Parameters<typeof repo.listPushes>[0]) {
    const rows = await repo.listPushes(filter);
    // Only the newest sent push of an article on a partner can be withdrawn.
    const newest = new Map<string, PartnerPushRow>();
    for (const { push } of rows) {
      if (push.status !== "sent") continue;
      const key = `${push.partnerId}:${push.articleId}`;
      const seen = newest.get(key);
      if (
        !seen ||
        (push.sentAt?.getTime() ?? 0) > (seen.sentAt?.getTime() ?? 0) ||
        (push.sentAt?.getTime() === seen.sentAt?.getTime() && push.id > seen.id)
      ) {
        newest.set(key, push);
      }
    }
    const latest = new Set([...newest.values()].map((push) => push.id));
    return rows.map((row) => pushView(row, latest));
  }

  async function onePush(pushId: number) {
    const [view] = await pushViews({ pushId, limit: 1 });
    if (!view) throw new AppError(404, "push_not_found", "Push not found");
    return view;
  }

  return {
    /** Term mappings per connection, for editors (decision 175). */
    terms: createTermMappings({ repository: repo, connections }),
    connectionView: connections.connectionView,
    listConnections: connections.listConnections,
    async createConnection(...args: Parameters<typeof connections.createConnection>) {
      const created = await connections.createConnection(...args);
      await audit.record(args[0], "partner.connection_update", {
        target: partnerTarget(created.id),
        summary: `Connected ${created.name}`,
      });
      return created;
    },
    async deleteConnection(...args: Parameters<typeof connections.deleteConnection>) {
      const result = await connections.deleteConnection(...args);
      await audit.record(args[0], "partner.connection_update", {
        target: partnerTarget(args[1]),
        summary: "Deleted the connection",
      });
      return result;
    },
    test: connections.test,
    findPartner,
    compliance,
    listPushes: pushViews,
    onePush,

    async updateConnection(actor: Actor, id: number, input: PartnerConnectionChanges) {
      await connections.assertUpdatable(id, input);
      const row = await repo.transaction(async (tx) => {
        const locked = await repo.lockConnection(id, tx);
        if (!locked) throw new AppError(404, "partner_not_found", "Partner connection not found");
        const updated = await repo.updateConnection(
          id,
          {
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.url !== undefined ? { url: input.url.replace(/\/+$/, "") } : {}),
            ...(input.username !== undefined ? { username: input.username ?? null } : {}),
            ...(input.postStatus !== undefined ? { postStatus: input.postStatus } : {}),
            ...(input.maxArticles !== undefined ? { maxArticles: Number(input.maxArticles) } : {}),
            ...(input.windowHours !== undefined ? { windowHours: Number(input.windowHours) } : {}),
            ...(input.isDefault !== undefined ? { isDefault: input.isDefault } : {}),
            ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
            ...(input.secret
              ? {
                  secretCiphertext: deps.box.seal(input.secret),
                  secretHint: input.secret.slice(-4),
                  lastCheckOk: null,
                }
              : {}),
            updatedAt: now(),
          },
          tx,
        );
        if (updated.isDefault) await repo.clearDefault(id, tx);
        // A changed rule moves the queue's slots.
        await reslot(repo, tx, updated, now());
        const { secret: _secret, ...visible } = input;
        await repo.audit(
          {
            partnerId: id,
            userId: actor.id,
            action: "connection.updated",
            detail: { ...visible, secretChanged: !!input.secret },
          },
          tx,
        );
        await audit.record(actor, "partner.connection_update", {
          target: partnerTarget(id),
          summary: `Changed ${updated.name}`,
          after: { ...visible, secretChanged: !!input.secret },
          tx,
        });
        return updated;
      });
      return connections.connectionView(row);
    },

    async status(partnerId?: number): Promise<IntegrationStatus> {
      const { statistics } = await compliance(partnerId);
      return connections.status(partnerId, statistics.articlesLast24Hours);
    },

    /** Admin only, logged: pushes before now stop counting; the queue gets new (earlier) slots. */
    async resetCompliance(actor: Actor, partnerId?: number) {
      const partner = await requirePartner(partnerId);
      const before = await compliance(partner.id);
      await repo.transaction(async (tx) => {
        const locked = await repo.lockConnection(partner.id, tx);
        if (!locked) return;
        const at = now();
        const updated = await repo.updateConnection(
          partner.id,
          { countFrom: at, updatedAt: at },
          tx,
        );
        await reslot(repo, tx, updated, at);
        await repo.audit(
          {
            partnerId: partner.id,
            userId: actor.id,
            action: "compliance.reset",
            detail: { before: before.statistics },
          },
          tx,
        );
      });
      await audit.record(actor, "partner.compliance_reset", {
        target: partnerTarget(partner.id),
        summary: partner.name,
        before: before.statistics,
      });
      log?.warn(
        { partner: partner.name, userId: actor.id, before: before.statistics },
        "partner compliance counter reset by an admin",
      );
      await queue.drain(partner.id);
      return compliance(partner.id);
    },

    async onboard(
      actor: Actor,
      articleId: number,
      options: { partnerId?: number; campaignId?: number } = {},
    ) {
      const partner = await requirePartner(options.partnerId);
      const push = await queue.enqueue(actor, partner, articleId, options);
      await auditPush(actor, { type: "article", id: articleId }, `Pushed to ${partner.name}`);
      await queue.drain(partner.id);
      return onePush(push.id);
    },

    async onboardBulk(actor: Actor, articleIds: number[], partnerId?: number) {
      const partner = await requirePartner(partnerId);
      const unique = [...new Set(articleIds)];
      const results: Array<{
        articleId: number;
        success: boolean;
        pushId?: number;
        error?: string;
        code?: string;
      }> = [];
      for (const articleId of unique) {
        try {
          const push = await queue.enqueue(actor, partner, articleId, {});
          results.push({ articleId, success: true, pushId: push.id });
          await auditPush(actor, { type: "article", id: articleId }, `Pushed to ${partner.name}`);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({ articleId, success: false, error: error.message, code: error.code });
        }
      }
      await queue.drain(partner.id);
      const views = await pushViews({ partnerId: partner.id, limit: 1_000 });
      const byId = new Map(views.map((view) => [view.id, view]));
      const detailed = results.map((result) => ({
        ...result,
        push: result.pushId ? (byId.get(result.pushId) ?? null) : null,
      }));
      const count = (status: string) =>
        detailed.filter((result) => result.push?.status === status).length;
      return {
        total: unique.length,
        accepted: results.filter((result) => result.success).length,
        sent: count("sent"),
        queued: count("queued"),
        failed: count("failed") + results.filter((result) => !result.success).length,
        results: detailed,
      };
    },

    async recommendations(limit: number, partnerId?: number) {
      const partner = await findPartner(partnerId);
      const rows = await repo.recommendations(partner?.id ?? null, limit, now());
      return rows.map((row) => ({ ...row, publishedAt: iso(row.publishedAt) }));
    },

    async retry(actor: Actor, pushId: number) {
      const view = await onePush(await queue.retry(actor, pushId));
      await auditPush(actor, { type: "push", id: pushId }, "Retried a push");
      return view;
    },
    async sendAgainAsNew(actor: Actor, pushId: number) {
      const view = await onePush(await queue.sendAgainAsNew(actor, pushId));
      await auditPush(actor, { type: "push", id: pushId }, "Sent again as new");
      return view;
    },
    async withdraw(actor: Actor, pushId: number) {
      const push = await repo.findPush(pushId);
      if (!push) throw new AppError(404, "push_not_found", "Push not found");
      const view = await onePush(await queue.withdraw(actor, push.partnerId, push.articleId));
      await auditPush(actor, { type: "article", id: push.articleId }, "Withdrew a push");
      return view;
    },

    /** Campaign pushes: held until the campaign is launched. */
    async hold(actor: Actor, partnerId: number | undefined, campaignId: number, articleId: number) {
      const partner = await requirePartner(partnerId);
      return queue.enqueue(actor, partner, articleId, { campaignId, hold: true });
    },

    /** Moves a campaign's pushes between held and queued (launch, resume, pause) or cancels them. */
    async moveCampaign(campaignId: number, change: "queue" | "hold" | "cancel") {
      const from: PartnerPushRow["status"][] =
        change === "queue" ? ["held"] : change === "hold" ? ["queued"] : ["held", "queued"];
      const pushes = await repo.pushesOfCampaign(campaignId, from);
      for (const partnerId of new Set(pushes.map((push) => push.partnerId))) {
        await repo.transaction(async (tx) => {
          const locked = await repo.lockConnection(partnerId, tx);
          if (!locked) return;
          // Re-read under the lock: the job may have claimed one meanwhile.
          for (const push of await repo.pushesOfCampaign(campaignId, from, tx)) {
            if (push.partnerId !== partnerId) continue;
            const status = change === "queue" ? "queued" : change === "hold" ? "held" : "cancelled";
            await repo.updatePush(push.id, { status, slotAt: null, updatedAt: now() }, tx);
          }
          await reslot(repo, tx, locked, now());
        });
        if (change === "queue") await queue.drain(partnerId);
      }
    },

    processDue: queue.processDue,
  };
}

export type PartnersService = ReturnType<typeof createPartnersService>;
export { rateLimitedNote };
