import type { PartnerConnectionRow, PartnerPushRow } from "../../db/schema";
import { AppError, conflict, notFound } from "../../errors";
import { toPartnerArticle } from "./article-mapping";
import { reslot, windowStart } from "./compliance";
import type { Actor } from "./connections";
import { backoffMs, describePartnerFailure } from "./failures";
import { createWithdraw, type QueueDeps } from "./withdraw";

/**
 * The push queue (decisions 112, 172): every push is a ledger row, claimed as "sending" under the
 * partner row's lock when its slot and backoff have passed, then sent by the connection's adapter.
 * Delivery is exactly once: an attempt whose outcome is unknown (time-out, cut connection, 5xx,
 * a server stopped mid-call) marks the push lookupFirst, and the next attempt finds the post by
 * our canonical link before creating one. Only what readers can already read goes out.
 */

const maxAttempts = 5;
/** A push still "sending" after this long was cut off by a stopped server (decision 112). */
export const sendingLeaseMs = 10 * 60_000;

export function whenText(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

function isUniqueViolation(error: unknown) {
  const value = error as { code?: string; cause?: { code?: string } };
  return value?.code === "23505" || value?.cause?.code === "23505";
}

export function createQueue(deps: QueueDeps) {
  const { repository: repo, connections, log } = deps;
  const now = () => new Date(deps.clock());
  const withdraw = createWithdraw(deps);

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

  /** Puts an article in the partner's ledger: queued (with a slot) or held for a campaign. */
  async function enqueue(
    actor: Actor | null,
    partner: PartnerConnectionRow,
    articleId: number,
    options: { campaignId?: number | null; hold?: boolean; asNew?: boolean; lookupFirst?: boolean },
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
        const remoteId = options.asNew ? null : await repo.lastRemoteId(partner.id, articleId, tx);
        const at = now();
        // A scheduled article waits for its publish time (issue 28, point 7).
        const publishAt =
          article.publishedAt && article.publishedAt > at ? article.publishedAt : null;
        const push = await repo.insertPush(
          {
            partnerId: partner.id,
            articleId,
            campaignId: options.campaignId ?? null,
            action: remoteId ? "update" : "create",
            status: options.hold ? "held" : "queued",
            remoteId,
            slotAt: null,
            nextAttemptAt: publishAt,
            lookupFirst: !remoteId && (options.lookupFirst ?? false),
            requestedBy: actor?.id ?? null,
            createdAt: at,
            updatedAt: at,
          },
          tx,
        );
        if (!options.hold) await reslot(repo, tx, locked, at);
        return (await repo.findPush(push.id, tx)) ?? push;
      })
      .catch((error: unknown) => {
        // Two racing requests: the second meets the one-open-push index.
        if (isUniqueViolation(error)) {
          throw conflict(
            `"${article.title}" is already queued for ${partner.name}.`,
            "already_queued",
          );
        }
        throw error;
      });
  }

  /**
   * Claims the partner's next due push under its lock: the first queued one whose slot and backoff
   * have passed and, for a new post, only while the rule allows one more right now.
   */
  async function claimNext(partnerId: number) {
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
            await reslot(repo, tx, partner, at);
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

  async function finish(
    push: PartnerPushRow,
    partner: PartnerConnectionRow,
    outcome: Partial<PartnerPushRow>,
  ) {
    await repo.transaction(async (tx) => {
      const locked = await repo.lockConnection(partner.id, tx);
      await repo.updatePush(push.id, { ...outcome, updatedAt: now() }, tx);
      if (locked && outcome.status !== "sent") await reslot(repo, tx, locked, now());
    });
  }

  async function send(push: PartnerPushRow, partner: PartnerConnectionRow, signal?: AbortSignal) {
    const row = await repo.findArticle(push.articleId);
    const at = now();
    if (row?.publishedAt && row.publishedAt > at && row.status === "published") {
      // Re-scheduled since it was queued: back in the queue until readers can read it.
      return finish(push, partner, {
        status: "queued",
        attempts: push.attempts - 1,
        nextAttemptAt: row.publishedAt,
      });
    }
    let outcome: Partial<PartnerPushRow>;
    try {
      const article = toPartnerArticle(await loadArticle(push.articleId), deps);
      const adapter = connections.adapterFor(partner);
      let result = null;
      if (push.action === "create" && push.lookupFirst) {
        // An earlier attempt may have created it: never post it twice (issue 28, point 2).
        result = await adapter.find(article, signal);
        if (result) {
          log?.info(
            { pushId: push.id, partner: partner.name },
            "found the post an earlier attempt made",
          );
        }
      }
      result ??= await adapter.publish(article, {
        remoteId: push.remoteId,
        pushId: push.id,
        signal,
      });
      outcome = {
        status: "sent",
        sentAt: now(),
        remoteId: result.remoteId,
        remoteUrl: result.remoteUrl,
        error: null,
        errorCode: null,
        lookupFirst: false,
        nextAttemptAt: null,
      };
      await connections.recordHealth(
        partner.id,
        true,
        `Last push: "${article.title}" ${push.action === "update" ? "updated" : "sent"} at ${whenText(now())}.`,
      );
      log?.info(
        { pushId: push.id, partner: partner.name, articleId: push.articleId },
        "article sent to partner",
      );
    } catch (error) {
      const failure =
        error instanceof AppError
          ? { message: error.message, retryable: false as const, retryAfterMs: undefined }
          : describePartnerFailure(error, partner);
      const unknown = "unknownOutcome" in failure && !!failure.unknownOutcome;
      const lookupFirst = push.lookupFirst || (unknown && push.action === "create");
      const retry = failure.retryable && push.attempts < maxAttempts;
      const after = push.attempts > 1 ? ` (after ${push.attempts} attempts)` : "";
      outcome = retry
        ? {
            status: "queued",
            error: failure.message,
            lookupFirst,
            nextAttemptAt: new Date(
              now().getTime() + (failure.retryAfterMs ?? backoffMs(push.attempts)),
            ),
          }
        : {
            status: "failed",
            error: lookupFirst
              ? `${failure.message}${after} Check ${partner.name} for the post; Retry looks it up before creating one.`
              : `${failure.message}${after}`,
            errorCode:
              "gone" in failure && failure.gone
                ? "remote_gone"
                : lookupFirst
                  ? "check_partner"
                  : null,
            lookupFirst,
            nextAttemptAt: null,
          };
      log?.warn(
        { pushId: push.id, partner: partner.name, retry, err: error },
        "sending to partner failed",
      );
    }
    await finish(push, partner, outcome);
  }

  /** Sends whatever of the partner's queue is due now, one push at a time, in order. */
  async function drain(partnerId: number, signal?: AbortSignal) {
    for (let sent = 0; sent < 100 && !signal?.aborted; sent++) {
      const next = await claimNext(partnerId);
      if (!next) return;
      await send(next.push, next.partner, signal);
    }
  }

  async function loadPush(pushId: number) {
    const push = await repo.findPush(pushId);
    if (!push) throw notFound("Push not found", "push_not_found");
    const partner = await connections.requirePartner(push.partnerId);
    return { push, partner };
  }

  return {
    enqueue,
    drain,

    /** The job: cut-off sends are queued again (looked up first), then what is due goes out. */
    async processDue(signal?: AbortSignal) {
      await connections.ensureEnvConnection();
      const at = now();
      for (const push of await repo.staleSending(new Date(at.getTime() - sendingLeaseMs))) {
        if (push.action === "withdraw") {
          await repo.updatePush(push.id, {
            status: "failed",
            error:
              "Withdrawing was interrupted (the server stopped during the call); Retry withdraws again.",
            updatedAt: at,
          });
          continue;
        }
        await repo.updatePush(push.id, {
          status: "queued",
          lookupFirst: push.action === "create",
          nextAttemptAt: at,
          error:
            "Sending was interrupted (the server stopped during the call); the post is looked up before sending again.",
          updatedAt: at,
        });
      }
      for (const partnerId of await repo.partnersWithDueWork(at)) {
        if (signal?.aborted) return;
        await drain(partnerId, signal);
      }
    },

    /** A failed or cancelled push tried again (looked up first when its outcome was unknown). */
    async retry(actor: Actor, pushId: number) {
      const { push, partner } = await loadPush(pushId);
      if (push.status !== "failed" && push.status !== "cancelled") {
        throw conflict("Only a failed or cancelled push can be tried again.", "push_not_failed");
      }
      if (push.action === "withdraw") return withdraw(actor, push.partnerId, push.articleId);
      const created = await enqueue(actor, partner, push.articleId, {
        campaignId: push.campaignId,
        lookupFirst: push.lookupFirst,
      });
      await drain(partner.id);
      return created.id;
    },

    /** The partner deleted the post: a new one is created (issue 28, point 8). */
    async sendAgainAsNew(actor: Actor, pushId: number) {
      const { push, partner } = await loadPush(pushId);
      if (push.status !== "failed" && push.status !== "sent") {
        throw conflict("Only a failed or sent push can be sent again as new.", "push_not_failed");
      }
      const created = await enqueue(actor, partner, push.articleId, {
        campaignId: push.campaignId,
        asNew: true,
      });
      await drain(partner.id);
      return created.id;
    },

    /** Takes the article down on the partner (withdraw.ts). */
    withdraw,
  };
}

export type Queue = ReturnType<typeof createQueue>;
