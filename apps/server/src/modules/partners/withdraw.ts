import { AppError, conflict, notFound } from "../../errors";
import type { FileStorage } from "../media/file-storage";
import { toPartnerArticle } from "./article-mapping";
import type { Actor, Connections } from "./connections";
import { describePartnerFailure } from "./failures";
import type { PartnersRepository } from "./repository";

export interface PartnerLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/** What the push queue and withdrawing are made of. */
export interface QueueDeps {
  repository: PartnersRepository;
  connections: Connections;
  siteName: string;
  publicUrl: string;
  files: FileStorage;
  clock: () => number;
  log?: PartnerLogger;
}

export function createWithdraw(deps: QueueDeps) {
  const { repository: repo, connections } = deps;
  const now = () => new Date(deps.clock());
  /**
   * Takes the article down on the partner (issue 28, point 11): unpublished or trashed there,
   * queued or held pushes cancelled, recorded in the ledger and the audit log.
   */
  return async function withdraw(actor: Actor, partnerId: number, articleId: number) {
    const partner = await connections.requirePartner(partnerId);
    const article = await repo.findArticle(articleId);
    if (!article) throw notFound("Article not found", "article_not_found");
    const at = now();
    const push = await repo.transaction(async (tx) => {
      await repo.lockConnection(partner.id, tx);
      const open = await repo.findOpenPush(partner.id, articleId, tx);
      if (open?.status === "sending") {
        throw conflict(
          `"${article.title}" is being sent to ${partner.name} right now; try again in a moment.`,
          "push_in_flight",
        );
      }
      if (open)
        await repo.updatePush(open.id, { status: "cancelled", slotAt: null, updatedAt: at }, tx);
      const remoteId = await repo.lastRemoteId(partner.id, articleId, tx);
      if (!remoteId) {
        throw conflict(
          `"${article.title}" is not on ${partner.name}; there is nothing to withdraw.`,
          "not_syndicated",
        );
      }
      return repo.insertPush(
        {
          partnerId: partner.id,
          articleId,
          action: "withdraw",
          status: "sending",
          remoteId,
          slotAt: at,
          attempts: 1,
          requestedBy: actor.id,
          createdAt: at,
          updatedAt: at,
        },
        tx,
      );
    });
    try {
      const message = await connections
        .adapterFor(partner)
        .withdraw(push.remoteId as string, toPartnerArticle({ ...article, content: "" }, deps));
      await repo.updatePush(push.id, {
        status: "sent",
        sentAt: now(),
        error: message,
        updatedAt: now(),
      });
    } catch (error) {
      const failure =
        error instanceof AppError
          ? { message: error.message }
          : describePartnerFailure(error, partner);
      await repo.updatePush(push.id, {
        status: "failed",
        error: `Withdrawing failed: ${failure.message}`,
        updatedAt: now(),
      });
    }
    await repo.audit({
      partnerId: partner.id,
      userId: actor.id,
      action: "push.withdrawn",
      detail: { articleId, pushId: push.id, remoteId: push.remoteId },
    });
    return push.id;
  };
}
