import {
  type AiImageService,
  type BulkImageResult,
  bulkImageInlineMax,
  type GenerateImageResponse,
  type ImageProvider,
  imageMessages,
} from "@aurumwire/shared/ai-images";
import type { Article } from "@aurumwire/shared/articles";
import { isEditor } from "@aurumwire/shared/roles";
import type { Executor } from "../../db/client";
import type { ImageBatchItemRecord, ImageBatchRow, UserRow } from "../../db/schema";
import { AppError, forbidden, notFound } from "../../errors";
import type { WorkItem, WorkQueue } from "../../lib/work-queue";
import { dollars, micros } from "./image-cost";
import type { ImageProviderAdapter } from "./image-provider";
import type { AiImagesRepository } from "./repository";

type Actor = Pick<UserRow, "id" | "role">;

export function presentBatch(row: ImageBatchRow): BulkImageResult {
  const count = (status: ImageBatchItemRecord["status"]) =>
    row.items.filter((item) => item.status === status).length;
  const failed = count("failed");
  return {
    success: row.status !== "cancelled" && failed === 0,
    batchId: row.id,
    provider: row.provider as AiImageService,
    status: row.status as BulkImageResult["status"],
    total: row.items.length,
    successful: count("succeeded"),
    failed,
    estimatedCost: dollars(row.estimatedCostMicros),
    results: row.items.map((item) => ({
      articleId: item.articleId,
      title: item.title,
      success: item.status === "succeeded",
      status: item.status,
      error: item.error,
      imageUrl: item.imageUrl,
    })),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The work queue's kind for image batches (its job has the same name). */
export const imageBatchWorkKind = "ai-images:batches";
/** Claims of one batch before it is given up (a stop or restart is not a failed claim). */
export const imageBatchAttempts = 10;

type BatchWork = WorkItem<{ batchId: number }>;

/**
 * Bulk runs: a batch of articles for one AI service is one item of the work queue (decision
 * 306): the instance that starts it works it at once, renewing its lease after every article; a
 * batch whose instance went away (a restart) is due again once its lease ran out (at once after
 * a clean stop) and is taken by the `ai-images:batches` job of any instance, one at a time.
 */
export function createImageBatches(deps: {
  repository: AiImagesRepository;
  queue: WorkQueue;
  /** Runs `work` in one transaction (the batch and its queue item are stored together). */
  transaction: <T>(work: (tx: Executor) => Promise<T>) => Promise<T>;
  leaseMs: number;
  /** Aborted when the service closes. */
  signal: AbortSignal;
  monthlyBudget: number | null;
  monthlySpendMicros: () => Promise<number>;
  providerFor: (service: AiImageService) => ImageProviderAdapter;
  loadArticle: (actor: Actor, articleId: number) => Promise<Article>;
  generate: (
    actor: Actor,
    articleId: number,
    requested: ImageProvider | undefined,
    options: { signal?: AbortSignal; batchId?: number },
  ) => Promise<GenerateImageResponse>;
  now: () => Date;
}) {
  const { repository, now, generate, loadArticle, providerFor } = deps;
  const work = deps.queue.kind<{ batchId: number }>(imageBatchWorkKind, {
    leaseMs: deps.leaseMs,
    maxAttempts: imageBatchAttempts,
    firstRetryMs: 30_000,
    longestRetryMs: 10 * 60_000,
    // One at a time: a claimed batch's lease runs while it is worked, not while it waits.
    batchSize: 1,
  });
  const running = new Map<number, Promise<void>>();

  function sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener(
        "abort",
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
  }

  /**
   * Works through a claimed batch; returns when it is done, cancelled or no longer this claim's,
   * and throws when `signal` stopped it (the queue makes it due again at once).
   */
  async function runBatch(claim: BatchWork, signal: AbortSignal): Promise<void> {
    const { batchId } = claim.payload;
    const row = await repository.findBatch(batchId);
    if (row?.status !== "running") return;
    const actor: Actor = { id: row.userId, role: row.userRole as Actor["role"] };
    const service = row.provider as AiImageService;
    const items = row.items.map((item) =>
      item.status === "running" ? { ...item, status: "pending" as const } : item,
    );
    /** Saves where the batch is, keeping the claim; false once cancelled or claimed by another. */
    const saveProgress = async () =>
      (await work.renew(claim, now())) &&
      (await repository.saveBatchProgress(batchId, { items }, now())) === "running";
    const stopped = async () => {
      await saveProgress().catch(() => false);
      return new Error("the batch stopped with its server; it is resumed");
    };
    for (const item of items) {
      if (item.status !== "pending") continue;
      if (signal.aborted) throw await stopped();
      item.status = "running";
      if (!(await saveProgress())) return;
      for (let attempt = 0; ; attempt += 1) {
        try {
          const result = await generate(actor, item.articleId, service, { signal, batchId });
          item.status = "succeeded";
          item.imageUrl = result.imageUrl;
          item.error = null;
          break;
        } catch (error) {
          if (signal.aborted) {
            item.status = "pending"; // picked up again after the restart
            throw await stopped();
          }
          // The service asked us to wait: a batch waits and tries again rather than failing.
          if (error instanceof AppError && error.code === "image_rate_limited" && attempt < 2) {
            await sleep(Math.min(60, error.retryAfterSeconds ?? 10) * 1000, signal);
            if (!(await work.renew(claim, now()))) return;
            continue;
          }
          item.status = "failed";
          item.error = error instanceof AppError ? error.message : imageMessages.failedRetry;
          break;
        }
      }
      if (!(await saveProgress())) return;
    }
    if (await work.renew(claim, now())) {
      await repository.saveBatchProgress(batchId, { items, status: "completed" }, now());
    }
  }

  /** Remembers work on a batch of this instance, so `settle` can wait for it. */
  function track(batchId: number, task: Promise<unknown>) {
    if (running.has(batchId)) return;
    const settled = task.then(
      () => {},
      () => {},
    );
    running.set(batchId, settled);
    void settled.then(() => {
      if (running.get(batchId) === settled) running.delete(batchId);
    });
  }

  /** How this instance works a claimed batch. */
  function runOptions(signal: AbortSignal) {
    return {
      signal,
      handle: (claim: BatchWork) => {
        const task = runBatch(claim, signal);
        track(claim.payload.batchId, task);
        return task;
      },
      /** Failed on every claim (not a service's refusal: those fail one article): finished. */
      onGivenUp: async ({ payload }: BatchWork) => {
        const row = await repository.findBatch(payload.batchId);
        if (!row) return;
        const items = row.items.map((item) =>
          item.status === "pending" || item.status === "running"
            ? { ...item, status: "failed" as const, error: imageMessages.failedRetry }
            : item,
        );
        await repository.saveBatchProgress(row.id, { items, status: "completed" }, now());
      },
    };
  }

  async function findBatchFor(actor: Actor, id: number): Promise<ImageBatchRow> {
    const row = await repository.findBatch(id);
    if (!row || (row.userId !== actor.id && !isEditor(actor))) {
      throw notFound("Image batch not found", "image_batch_not_found");
    }
    return row;
  }

  return {
    /**
     * A bulk run for one AI service. Articles that cannot be reached (unknown, another author's)
     * are marked failed at once; a few are drawn before the answer, more run as a batch whose
     * first answer already has the total.
     */
    async startBulk(
      actor: Actor,
      service: AiImageService,
      articleIds: number[],
    ): Promise<BulkImageResult> {
      const provider = providerFor(service);
      const items: ImageBatchItemRecord[] = [];
      for (const articleId of articleIds) {
        try {
          const article = await loadArticle(actor, articleId);
          items.push({
            articleId,
            title: article.title,
            status: "pending",
            error: null,
            imageUrl: null,
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          items.push({
            articleId,
            title: "Unknown",
            status: "failed",
            error: error.message,
            imageUrl: null,
          });
        }
      }
      const pending = items.filter((item) => item.status === "pending").length;
      const estimate = micros(provider.costPerImage) * pending;
      if (estimate > 0 && deps.monthlyBudget !== null) {
        const spent = await deps.monthlySpendMicros();
        if (spent + estimate > micros(deps.monthlyBudget)) {
          const left = Math.max(0, micros(deps.monthlyBudget) - spent);
          const fits = Math.floor(left / micros(provider.costPerImage));
          throw forbidden(
            `These ${pending} images would cost $${dollars(estimate).toFixed(2)}, but only $${dollars(left).toFixed(2)} of this month's DALL-E budget of $${deps.monthlyBudget.toFixed(2)} is left (enough for ${fits}). Choose fewer articles or use Stable Diffusion.`,
            "image_budget_reached",
          );
        }
      }
      const { row, workId } = await deps.transaction(async (tx) => {
        const row = await repository.insertBatch(
          {
            userId: actor.id,
            userRole: actor.role,
            provider: service,
            items,
            costPerImageMicros: micros(provider.costPerImage),
            estimatedCostMicros: estimate,
          },
          tx,
        );
        const workId = await work.enqueue({ batchId: row.id }, { tx, dedupeKey: String(row.id) });
        return { row, workId: workId! };
      });
      // Worked here at once; should this instance stop, the queue gives it to another.
      const task = work.runOne(workId, runOptions(deps.signal)).catch(() => null);
      track(row.id, task);
      if (pending <= bulkImageInlineMax) await task;
      const latest = await repository.findBatch(row.id);
      return presentBatch(latest ?? row);
    },

    async getBatch(actor: Actor, id: number): Promise<BulkImageResult> {
      return presentBatch(await findBatchFor(actor, id));
    },

    /** Recent batches (editors see everyone's), so a run left behind can be reopened. */
    async listBatches(actor: Actor, limit = 10): Promise<BulkImageResult[]> {
      const rows = await repository.listBatches({
        userId: isEditor(actor) ? undefined : actor.id,
        limit,
      });
      return rows.map(presentBatch);
    },

    async cancelBatch(actor: Actor, id: number): Promise<BulkImageResult> {
      const row = await findBatchFor(actor, id);
      const cancelled = await repository.cancelBatch(row.id, now());
      return presentBatch(cancelled ?? (await findBatchFor(actor, id)));
    },

    /** The `ai-images:batches` job: due batches (left by a stopped server, or put off) run here. */
    async runDueBatches(signal: AbortSignal): Promise<void> {
      await work.run(runOptions(AbortSignal.any([signal, deps.signal])));
    },

    /** Waits for a batch this instance is running (tests, and a clean shutdown). */
    async settle(batchId: number): Promise<void> {
      await running.get(batchId);
    },

    /** Waits for every batch this instance runs (after the service's signal was aborted). */
    async settleAll(): Promise<void> {
      await Promise.allSettled([...running.values()]);
    },
  };
}
