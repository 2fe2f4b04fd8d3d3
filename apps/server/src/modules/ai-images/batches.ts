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
import type { ImageBatchItemRecord, ImageBatchRow, UserRow } from "../../db/schema";
import { AppError, forbidden, notFound } from "../../errors";
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

/**
 * Bulk runs: a batch of articles for one AI service, worked through in the background by the
 * instance that holds its lease; a batch whose instance went away (a restart) is taken over by
 * the scheduled job (jobs/image-batches-job.ts) once its lease ran out.
 */
export function createImageBatches(deps: {
  repository: AiImagesRepository;
  instanceId: string;
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
  const { repository, instanceId, leaseMs, now, generate, loadArticle, providerFor } = deps;
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

  /** Works through a batch while this instance holds its lease; stops when cancelled or closed. */
  async function runBatch(batchId: number, signal: AbortSignal): Promise<void> {
    const lease = () => new Date(now().getTime() + leaseMs);
    const row = await repository.claimBatch(batchId, instanceId, now(), lease());
    if (!row) return;
    const actor: Actor = { id: row.userId, role: row.userRole as Actor["role"] };
    const service = row.provider as AiImageService;
    const items = row.items.map((item) =>
      item.status === "running" ? { ...item, status: "pending" as const } : item,
    );
    // On shutdown the lease is given up at once, so the next start (or another instance) resumes
    // the batch without waiting for it to run out.
    const release = () =>
      repository
        .saveBatchProgress(batchId, instanceId, { items, leaseUntil: new Date(0) }, now())
        .catch(() => null);
    /** Saves where the batch is and renews the lease; false once it was cancelled or taken over. */
    const saveProgress = async () =>
      (await repository.saveBatchProgress(
        batchId,
        instanceId,
        { items, leaseUntil: lease() },
        now(),
      )) === "running";
    for (const item of items) {
      if (item.status !== "pending") continue;
      if (signal.aborted) {
        await release();
        return;
      }
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
            await release();
            return;
          }
          // The service asked us to wait: a batch waits and tries again rather than failing.
          if (error instanceof AppError && error.code === "image_rate_limited" && attempt < 2) {
            await sleep(Math.min(60, error.retryAfterSeconds ?? 10) * 1000, signal);
            await repository.claimBatch(batchId, instanceId, now(), lease());
            continue;
          }
          item.status = "failed";
          item.error = error instanceof AppError ? error.message : imageMessages.failedRetry;
          break;
        }
      }
      if (!(await saveProgress())) return;
    }
    await repository.saveBatchProgress(
      batchId,
      instanceId,
      { items, status: "completed", leaseUntil: null },
      now(),
    );
  }

  /** Runs a batch in the background of this instance, once. */
  function startInBackground(batchId: number): Promise<void> {
    const existing = running.get(batchId);
    if (existing) return existing;
    const task = runBatch(batchId, deps.signal).catch(() => {
      // The lease runs out and the scheduled job takes the batch over.
    });
    running.set(batchId, task);
    task.finally(() => running.delete(batchId));
    return task;
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
      const row = await repository.insertBatch({
        userId: actor.id,
        userRole: actor.role,
        provider: service,
        items,
        costPerImageMicros: micros(provider.costPerImage),
        estimatedCostMicros: estimate,
      });
      if (pending <= bulkImageInlineMax) {
        await startInBackground(row.id);
      } else {
        void startInBackground(row.id);
      }
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

    /** The scheduled job: batches whose worker went away (a restart) are taken over here. */
    async resumeAbandonedBatches(signal: AbortSignal): Promise<void> {
      for (const id of await repository.abandonedBatchIds(now())) {
        if (signal.aborted) return;
        await startInBackground(id);
      }
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
