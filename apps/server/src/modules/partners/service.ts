import path from "node:path";
import {
  type ComplianceStatus,
  type ConnectionTestResult,
  type IntegrationStatus,
  type PartnerConnectionChanges,
  type PartnerConnectionInput,
  type PartnerConnectionView,
  type PartnerKind,
  type PartnerPushView,
  rateLimitedNote,
} from "@aurumwire/shared/partners";
import type { Executor } from "../../db/client";
import type { PartnerConnectionRow, PartnerPushRow } from "../../db/schema";
import { AppError, conflict, notFound } from "../../errors";
import { type AddressGuard, OutboundError } from "../../lib/outbound-http";
import type { FileStorage } from "../media/file-storage";
import { createPartnerAdapter, type PartnerAdapter, type PartnerArticle } from "./adapters";
import type { PartnersRepository } from "./repository";
import type { SecretBox } from "./secret-box";

/**
 * The partner client and its queue (decisions 110-112). Every push is a ledger row; new posts
 * take a slot under the partner's rule (N per rolling window) computed and claimed under the
 * partner row's lock, so neither two racing requests, nor a restart, nor several instances can
 * send one early or twice. Due pushes go out at once in the request, later ones from the job.
 */

export interface PartnerLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

interface Actor {
  id: number;
  role: string;
}

const hourMs = 3_600_000;
const maxAttempts = 5;
/** A push still "sending" after this long was cut off by a stopped server (decision 112). */
const sendingLeaseMs = 10 * 60_000;

function iso(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}

function whenText(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** The kind of the PARTNER_API_URL connection when PARTNER_API_KIND is unset (decision 110). */
export function guessPartnerKind(url: string, key: string): PartnerKind {
  if (/^[0-9a-f]{24}:[0-9a-f]{64}$/i.test(key) || /\/ghost\/?$/.test(url)) return "ghost";
  if (/\/wp-json\/?$/.test(url) || key.includes(":")) return "wordpress";
  return "webhook";
}

/** What a failed call means for a person, and whether trying again later can help. */
export function describePartnerFailure(
  error: unknown,
  partnerName: string,
): { message: string; retryable: boolean; retryAfterMs?: number } {
  if (!(error instanceof OutboundError)) {
    return {
      message: `Sending to ${partnerName} failed: ${String((error as Error)?.message ?? error)}`,
      retryable: false,
    };
  }
  switch (error.kind) {
    case "rate_limited":
      return {
        message: `${partnerName} asked us to slow down (429)${error.retryAfterMs !== undefined ? `; trying again in ${Math.ceil(error.retryAfterMs / 1000)} s` : ""}.`,
        retryable: true,
        retryAfterMs: error.retryAfterMs,
      };
    case "timeout":
      return { message: `${partnerName} did not answer in time.`, retryable: true };
    case "network":
      return {
        message: `${partnerName} could not be reached (${error.message}).`,
        retryable: true,
      };
    case "malformed":
      return {
        message: `${partnerName} answered with something we could not read: ${error.message}. The post may exist there; check before sending again.`,
        retryable: false,
      };
    case "too_large":
      return {
        message: `${partnerName} answered with far more data than expected.`,
        retryable: false,
      };
    case "cancelled":
      return { message: "Sending was cancelled because the server is stopping.", retryable: true };
    case "forbidden_address":
      return {
        message: `${partnerName}'s address leads inside our own network, where partner connections may not go. Use the partner's public address (the operator can allow an intranet range with OUTBOUND_ALLOW_PRIVATE).`,
        retryable: false,
      };
    default: {
      const status = error.status ?? 0;
      if (status === 401 || status === 403) {
        return {
          message: `${partnerName} refused our credentials (${status}): ${error.message}. Check the connection's user name and key.`,
          retryable: false,
        };
      }
      if (status >= 500 || status === 408) {
        return { message: `${partnerName} had a server error: ${error.message}.`, retryable: true };
      }
      return { message: `${partnerName} refused the article: ${error.message}.`, retryable: false };
    }
  }
}

export function backoffMs(attempt: number): number {
  return Math.min(30 * 60_000, 30_000 * 2 ** Math.max(0, attempt - 1));
}

export function createPartnersService(deps: {
  repository: PartnersRepository;
  box: SecretBox;
  siteName: string;
  publicUrl: string;
  /** Where our uploads live (local disk or S3): covers are read from it for partners. */
  files: FileStorage;
  env: { url?: string; apiKey?: string; kind?: PartnerKind };
  now?: () => number;
  timeoutMs?: number;
  /** Dashboard-made connections are staff-set addresses: only where this guard allows (220). */
  guard?: AddressGuard;
  log?: PartnerLogger;
}) {
  const { repository: repo, box, log } = deps;
  const clock = deps.now ?? Date.now;
  const now = () => new Date(clock());
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
        kind: partner.kind,
        url: partner.url,
        username: partner.username,
        secret,
        postStatus: partner.postStatus,
        siteName: deps.siteName,
      },
      {
        timeoutMs: deps.timeoutMs,
        now: clock,
        // The environment's connection is the operator's address, trusted like MARKET_DATA_URL.
        guard: partner.source === "env" ? undefined : deps.guard,
      },
    );
  }

  function windowStart(partner: PartnerConnectionRow, at: Date): Date {
    const start = at.getTime() - partner.windowHours * hourMs;
    // Pushes at the reset moment itself came after it: the bound is exclusive, so one ms earlier.
    return new Date(Math.max(start, (partner.countFrom?.getTime() ?? 0) - 1));
  }

  /**
   * Gives every queued push of the partner its slot, in queue order: the first moment at which at
   * most maxArticles new posts fall in any window of windowHours, counting what was sent. Runs
   * under the partner row's lock.
   */
  async function reslot(tx: Executor, partner: PartnerConnectionRow, at: Date) {
    const W = partner.windowHours * hourMs;
    const N = partner.maxArticles;
    const sequence = (await repo.sentSlots(partner.id, windowStart(partner, at), tx)).map((d) =>
      d.getTime(),
    );
    let last = at.getTime();
    for (const push of await repo.queued(partner.id, tx)) {
      let slot = Math.max(at.getTime(), push.nextAttemptAt?.getTime() ?? 0);
      if (push.action === "create") {
        if (sequence.length >= N) slot = Math.max(slot, sequence[sequence.length - N] + W);
        slot = Math.max(slot, last);
        last = slot;
        sequence.push(slot);
      }
      if (push.slotAt?.getTime() !== slot) {
        await repo.updatePush(push.id, { slotAt: new Date(slot) }, tx);
      }
    }
  }

  async function loadArticle(articleId: number) {
    const article = await repo.findArticle(articleId);
    if (!article) throw notFound("Article not found", "article_not_found");
    if (article.status !== "published" || !article.isActive) {
      throw conflict(
        `Only published articles can be sent to a partner; "${article.title}" is ${article.isActive ? article.status : "hidden"}.`,
        "article_not_published",
      );
    }
    return article;
  }

  function toPartnerArticle(
    article: NonNullable<Awaited<ReturnType<typeof repo.findArticle>>>,
  ): PartnerArticle {
    const cover = article.featuredImage;
    const absolute = (value: string) =>
      value.startsWith("/") ? `${deps.publicUrl}${value}` : value;
    return {
      id: article.id,
      slug: article.slug,
      title: article.title,
      excerpt: article.excerpt,
      html: article.content,
      byline:
        [article.authorFirstName, article.authorLastName].filter(Boolean).join(" ") ||
        deps.siteName,
      category: article.category,
      tags: article.tags,
      publishedAt: article.publishedAt,
      updatedAt: article.updatedAt,
      canonicalUrl: `${deps.publicUrl}/article/${article.slug}`,
      coverUrl: cover ? absolute(cover) : null,
      loadCover: async () => {
        const key = cover ? deps.files.keyOf(cover) : null;
        if (!key) return null;
        const stored = await deps.files.get(key).catch(() => null);
        if (!stored) return null;
        const bytes = Buffer.concat(await stored.body.toArray());
        const contentType = stored.contentType;
        return { bytes, filename: path.basename(key), contentType };
      },
    };
  }

  /**
   * Claims the partner's next due push under its lock: the first queued one whose slot and backoff
   * have passed and, for a new post, only while the rule allows one more right now.
   */
  async function claimNext(
    partnerId: number,
  ): Promise<{ push: PartnerPushRow; partner: PartnerConnectionRow } | null> {
    return repo.transaction(async (tx) => {
      const partner = await repo.lockConnection(partnerId, tx);
      if (!partner?.isActive) return null;
      const at = now();
      let createBlocked = false;
      for (const push of await repo.queued(partnerId, tx)) {
        const due =
          (push.slotAt?.getTime() ?? Number.POSITIVE_INFINITY) <= at.getTime() &&
          (push.nextAttemptAt?.getTime() ?? 0) <= at.getTime();
        if (push.action === "create") {
          if (createBlocked) continue;
          // Creates go out in queue order: one that is not due holds back those behind it.
          if (!due) {
            createBlocked = true;
            continue;
          }
          const sent = await repo.countSent(partner.id, windowStart(partner, at), tx);
          if (sent >= partner.maxArticles) {
            await reslot(tx, partner, at);
            createBlocked = true;
            continue;
          }
        } else if (!due) continue;
        const claimed = await repo.updatePush(
          push.id,
          { status: "sending", slotAt: at, attempts: push.attempts + 1, updatedAt: at },
          tx,
        );
        return { push: claimed, partner };
      }
      return null;
    });
  }

  async function send(push: PartnerPushRow, partner: PartnerConnectionRow, signal?: AbortSignal) {
    let outcome: Partial<PartnerPushRow>;
    try {
      const article = await loadArticle(push.articleId);
      const result = await adapterFor(partner).publish(toPartnerArticle(article), {
        remoteId: push.remoteId,
        pushId: push.id,
        signal,
      });
      const at = now();
      outcome = {
        status: "sent",
        sentAt: at,
        remoteId: result.remoteId,
        remoteUrl: result.remoteUrl,
        error: null,
        nextAttemptAt: null,
      };
      log?.info(
        { pushId: push.id, partner: partner.name, articleId: push.articleId },
        "article sent to partner",
      );
    } catch (error) {
      const failure =
        error instanceof AppError
          ? { message: error.message, retryable: false as const, retryAfterMs: undefined }
          : describePartnerFailure(error, partner.name);
      const at = now();
      const retry = failure.retryable && push.attempts < maxAttempts;
      outcome = retry
        ? {
            status: "queued",
            error: failure.message,
            nextAttemptAt: new Date(
              at.getTime() + (failure.retryAfterMs ?? backoffMs(push.attempts)),
            ),
          }
        : {
            status: "failed",
            error:
              push.attempts > 1
                ? `${failure.message} (after ${push.attempts} attempts)`
                : failure.message,
            nextAttemptAt: null,
          };
      log?.warn(
        { pushId: push.id, partner: partner.name, retry, err: error },
        "sending to partner failed",
      );
    }
    await repo.transaction(async (tx) => {
      const locked = await repo.lockConnection(partner.id, tx);
      await repo.updatePush(push.id, { ...outcome, updatedAt: now() }, tx);
      if (locked && outcome.status !== "sent") await reslot(tx, locked, now());
    });
  }

  /** Sends whatever of the partner's queue is due now, one push at a time, in order. */
  async function drain(partnerId: number, signal?: AbortSignal) {
    for (let sent = 0; sent < 100 && !signal?.aborted; sent++) {
      const next = await claimNext(partnerId);
      if (!next) return;
      await send(next.push, next.partner, signal);
    }
  }

  async function pushViews(filter: { campaignId?: number; partnerId?: number; limit: number }) {
    const rows = await repo.listPushes(filter);
    return rows.map(({ push, partnerName, articleTitle }) =>
      pushView(push, partnerName, articleTitle),
    );
  }

  function pushView(
    push: PartnerPushRow,
    partnerName: string,
    articleTitle: string,
  ): PartnerPushView {
    return {
      id: push.id,
      partnerId: push.partnerId,
      partnerName,
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
      createdAt: push.createdAt.toISOString(),
      sentAt: iso(push.sentAt),
    };
  }

  /** Puts articles in the partner's ledger: queued (with slots) or held for a campaign. */
  async function enqueue(
    actor: Actor | null,
    partner: PartnerConnectionRow,
    articleId: number,
    options: { campaignId?: number; hold?: boolean },
  ): Promise<PartnerPushRow> {
    const article = await loadArticle(articleId);
    return repo
      .transaction(async (tx) => {
        const locked = await repo.lockConnection(partner.id, tx);
        if (!locked) throw notFound("Partner connection not found", "partner_not_found");
        const open = await repo.findOpenPush(partner.id, articleId, tx);
        if (open) {
          const state =
            open.status === "sending"
              ? "is being sent right now"
              : open.status === "held"
                ? "is already waiting in a campaign"
                : `is already queued (goes out at ${whenText(open.slotAt ?? now())})`;
          throw conflict(`"${article.title}" ${state} for ${partner.name}.`, "already_queued");
        }
        const remoteId = await repo.lastRemoteId(partner.id, articleId, tx);
        const at = now();
        const push = await repo.insertPush(
          {
            partnerId: partner.id,
            articleId,
            campaignId: options.campaignId ?? null,
            action: remoteId ? "update" : "create",
            status: options.hold ? "held" : "queued",
            remoteId,
            slotAt: null,
            requestedBy: actor?.id ?? null,
            createdAt: at,
            updatedAt: at,
          },
          tx,
        );
        if (!options.hold) await reslot(tx, locked, at);
        return (await repo.findPush(push.id, tx)) ?? push;
      })
      .catch((error: unknown) => {
        // Two racing requests: the second meets the one-open-push index.
        if (
          (error as { code?: string; cause?: { code?: string } })?.code === "23505" ||
          (error as { cause?: { code?: string } })?.cause?.code === "23505"
        ) {
          throw conflict(
            `"${article.title}" is already queued for ${partner.name}.`,
            "already_queued",
          );
        }
        throw error;
      });
  }

  async function compliance(partnerId?: number): Promise<ComplianceStatus> {
    const partner = await findPartner(partnerId);
    const at = now();
    const maxArticles = partner?.maxArticles ?? 3;
    const windowHours = partner?.windowHours ?? 24;
    const description = `At most ${maxArticles} new articles per rolling ${windowHours} hours${partner ? ` to ${partner.name}` : ""}. Articles over the limit are queued and sent when the window opens.`;
    if (!partner) {
      return {
        statistics: { articlesLast24Hours: 0, articlesLast7Days: 0, averagePerDay: 0 },
        complianceRule: { maxArticles, windowHours, description },
        remaining: maxArticles,
        queued: 0,
        nextSlotAt: null,
        countingSince: null,
        partner: null,
      };
    }
    const since = (ms: number) =>
      new Date(Math.max(at.getTime() - ms, (partner.countFrom?.getTime() ?? 0) - 1));
    const last24 = await repo.countSent(partner.id, since(24 * hourMs));
    const last7d = await repo.countSent(partner.id, since(7 * 24 * hourMs));
    const inWindow = await repo.countSent(partner.id, windowStart(partner, at));
    const queued = await repo.queued(partner.id);
    return {
      statistics: {
        articlesLast24Hours: last24,
        articlesLast7Days: last7d,
        averagePerDay: Math.round((last7d / 7) * 10) / 10,
      },
      complianceRule: { maxArticles, windowHours, description },
      remaining: Math.max(0, maxArticles - inWindow),
      queued: queued.length,
      nextSlotAt: iso(queued[0]?.slotAt),
      countingSince: iso(partner.countFrom),
      partner: { id: partner.id, name: partner.name },
    };
  }

  return {
    connectionView,
    pushView,

    async listConnections(): Promise<PartnerConnectionView[]> {
      await ensureEnvConnection();
      return (await repo.listConnections()).map(connectionView);
    },

    async createConnection(actor: Actor, input: PartnerConnectionInput) {
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

    async updateConnection(actor: Actor, id: number, input: PartnerConnectionChanges) {
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
      if (
        existing.kind === "ghost" &&
        input.secret &&
        !/^[0-9a-f]{6,}:[0-9a-f]{16,}$/i.test(input.secret)
      ) {
        throw new AppError(400, "validation_failed", "A Ghost Admin API key looks like id:secret", {
          secret: "A Ghost Admin API key looks like id:secret (copy it from Ghost > Integrations)",
        });
      }
      const row = await repo.transaction(async (tx) => {
        const locked = await repo.lockConnection(id, tx);
        if (!locked) throw notFound("Partner connection not found", "partner_not_found");
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
                  secretCiphertext: box.seal(input.secret),
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
        await reslot(tx, updated, now());
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
        return updated;
      });
      return connectionView(row);
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

    async status(partnerId?: number): Promise<IntegrationStatus> {
      const partner = await findPartner(partnerId);
      const { statistics } = await compliance(partner?.id);
      if (!partner) {
        return {
          integration: {
            connected: false,
            configured: false,
            status: "not_configured",
            message:
              "Partner integration is not configured. Add a partner connection or set PARTNER_API_URL and PARTNER_API_KEY.",
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
        compliance: { articlesLast24Hours: statistics.articlesLast24Hours },
      };
    },

    /** A real round trip (a draft made and deleted, or a signed ping); the result is remembered. */
    async test(partnerId?: number, signal?: AbortSignal): Promise<ConnectionTestResult> {
      const partner = await findPartner(partnerId);
      const checkedAt = now();
      if (!partner) {
        return {
          ok: false,
          message:
            "Partner integration is not configured. Add a partner connection or set PARTNER_API_URL and PARTNER_API_KEY.",
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
            : describePartnerFailure(error, partner.name).message;
      }
      await repo.updateConnection(partner.id, {
        lastCheckedAt: checkedAt,
        lastCheckOk: ok,
        lastCheckMessage: message,
      });
      return {
        ok,
        message,
        partner: { id: partner.id, name: partner.name, kind: partner.kind },
        checkedAt: checkedAt.toISOString(),
      };
    },

    compliance,

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
        await reslot(tx, updated, at);
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
      log?.warn(
        { partner: partner.name, userId: actor.id, before: before.statistics },
        "partner compliance counter reset by an admin",
      );
      await drain(partner.id);
      return compliance(partner.id);
    },

    async onboard(
      actor: Actor,
      articleId: number,
      options: { partnerId?: number; campaignId?: number } = {},
    ) {
      const partner = await requirePartner(options.partnerId);
      const push = await enqueue(actor, partner, articleId, options);
      await drain(partner.id);
      const [view] = (await repo.listPushes({ partnerId: partner.id, limit: 1_000 })).filter(
        (row) => row.push.id === push.id,
      );
      return pushView(view?.push ?? push, partner.name, view?.articleTitle ?? "");
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
          const push = await enqueue(actor, partner, articleId, {});
          results.push({ articleId, success: true, pushId: push.id });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({ articleId, success: false, error: error.message, code: error.code });
        }
      }
      await drain(partner.id);
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

    listPushes: pushViews,

    /** Campaign pushes: held until the campaign is launched. */
    async hold(actor: Actor, partnerId: number | undefined, campaignId: number, articleId: number) {
      const partner = await requirePartner(partnerId);
      return enqueue(actor, partner, articleId, { campaignId, hold: true });
    },

    /** Moves a campaign's pushes between held and queued (launch, resume, pause) or cancels them. */
    async moveCampaign(campaignId: number, change: "queue" | "hold" | "cancel") {
      const from: PartnerPushRow["status"][] =
        change === "queue" ? ["held"] : change === "hold" ? ["queued"] : ["held", "queued"];
      const pushes = await repo.pushesOfCampaign(campaignId, from);
      const partners = new Set(pushes.map((push) => push.partnerId));
      for (const partnerId of partners) {
        await repo.transaction(async (tx) => {
          const locked = await repo.lockConnection(partnerId, tx);
          if (!locked) return;
          // Re-read under the lock: the job may have claimed one meanwhile.
          for (const push of await repo.pushesOfCampaign(campaignId, from, tx)) {
            if (push.partnerId !== partnerId) continue;
            const status = change === "queue" ? "queued" : change === "hold" ? "held" : "cancelled";
            await repo.updatePush(push.id, { status, slotAt: null, updatedAt: now() }, tx);
          }
          await reslot(tx, locked, now());
        });
        if (change === "queue") await drain(partnerId);
      }
    },

    /** The job: recover cut-off sends, then send what is due, partner by partner. */
    async processDue(signal?: AbortSignal) {
      await ensureEnvConnection();
      const at = now();
      for (const push of await repo.staleSending(new Date(at.getTime() - sendingLeaseMs))) {
        await repo.updatePush(push.id, {
          status: "failed",
          error:
            "Sending was interrupted (the server stopped during the call). Check the partner for the post, then send it again.",
          updatedAt: at,
        });
      }
      for (const partnerId of await repo.partnersWithDueWork(at)) {
        if (signal?.aborted) return;
        await drain(partnerId, signal);
      }
    },

    findPartner,
  };
}

export type PartnersService = ReturnType<typeof createPartnersService>;
export { rateLimitedNote };
