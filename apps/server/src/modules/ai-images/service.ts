import { randomUUID } from "node:crypto";
import {
  type AiImageService,
  type BulkImageResult,
  bulkImageInlineMax,
  type GenerateImageResponse,
  type ImageProvider,
  type ImageServiceStatus,
  imageMessages,
  imageProviderLabels,
  imageServiceDefaults,
} from "@aurumwire/shared/ai-images";
import type { Article } from "@aurumwire/shared/articles";
import { isEditor } from "@aurumwire/shared/roles";
import type { ImageBatchItemRecord, ImageBatchRow, UserRow } from "../../db/schema";
import { AppError, badRequest, forbidden, notFound } from "../../errors";
import type { ArticleEditorService } from "../articles/editor-service";
import { drawBrandedCover } from "../media/branded-cover";
import type { MediaService } from "../media/service";
import { buildImagePrompt, imageNegativePrompt } from "./image-prompt";
import { type ImageProviderAdapter, ImageProviderError, maxImageBytes } from "./image-provider";
import { createPace } from "./pace";
import type { AiImagesRepository } from "./repository";

type Actor = Pick<UserRow, "id" | "role">;

const micros = (dollars: number) => Math.round(dollars * 1_000_000);
const dollars = (value: number) => Math.round(value / 10_000) / 100;
const keeps = "The article keeps its current image.";

function startOfUtcMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

const serviceLabel = (service: AiImageService) => imageProviderLabels[service];

const settingOf: Record<AiImageService, string> = {
  "stable-diffusion": "SD_URL",
  dalle: "OPENAI_API_KEY",
};

/** Provider failures in words for people; every one says that nothing was lost. */
function toAppError(error: unknown, service: AiImageService, timeoutMs: number): unknown {
  const label = serviceLabel(service);
  if (error instanceof AppError) {
    // The media pipeline refused the picture (not an image, unreadable, too many pixels).
    if (error.statusCode === 400 || error.statusCode === 413) {
      return new AppError(
        502,
        "image_not_usable",
        `${label} sent something that is not a usable image (${error.message}) ${keeps}`,
      );
    }
    return error;
  }
  if (!(error instanceof ImageProviderError)) return error;
  switch (error.kind) {
    case "timeout":
      return new AppError(
        504,
        "image_timeout",
        `${label} did not deliver an image within ${Math.round(timeoutMs / 1000)} seconds. ${keeps} Please try again.`,
      );
    case "cancelled":
      return new AppError(499, "image_cancelled", `The image generation was cancelled. ${keeps}`);
    case "unreachable":
      return new AppError(
        502,
        "image_service_unreachable",
        `${label} could not be reached (${imageMessages.unavailable}). ${keeps} Check that it is running and that ${settingOf[service]} is right.`,
      );
    case "rate_limited": {
      const seconds = Math.max(1, Math.ceil((error.retryAfterMs ?? 60_000) / 1000));
      return new AppError(
        429,
        "image_rate_limited",
        `${label} is busy and asked us to wait. Try again in ${seconds} seconds. ${keeps}`,
        undefined,
        seconds,
      );
    }
    case "too_large":
      return new AppError(
        502,
        "image_too_large",
        `${label} sent an image larger than 10 MiB. ${keeps}`,
      );
    case "malformed":
      return new AppError(
        502,
        "image_malformed_answer",
        `${error.message}. ${keeps} Please try again.`,
      );
    case "rejected":
      return new AppError(502, "image_rejected", `${error.message}. ${keeps}`);
    case "server_error":
      return new AppError(502, "image_service_error", `${error.message}. ${keeps}`);
  }
}

/**
 * Featured images from AI services (Stable Diffusion, DALL-E 3) or the branded cover our server
 * draws: the prompt from the article, the call, the media pipeline (checked, re-encoded, srcset
 * widths, stored like an upload), then the article's featuredImage through the article editor
 * service. The article's image changes only once the new one is stored, so a failure loses
 * nothing. DALL-E calls are paced per minute (queued, not refused) and stop at the monthly cap.
 * Bulk runs are batches with a lease, resumed by a scheduled job after a restart.
 */
export function createAiImagesService(deps: {
  repository: AiImagesRepository;
  articleEditor: ArticleEditorService;
  media: MediaService;
  providers: {
    "stable-diffusion": ImageProviderAdapter | null;
    dalle: ImageProviderAdapter | null;
  };
  siteName: string;
  /** Per image call: 90 s (issue 14). */
  timeoutMs: number;
  statusTimeoutMs: number;
  maxImagesPerMinute: number;
  /** One minute; tests shorten it. */
  paceWindowMs?: number;
  /** US dollars per UTC month for DALL-E; null for no cap. */
  monthlyBudget: number | null;
  now?: () => Date;
}) {
  const { repository, providers } = deps;
  const now = deps.now ?? (() => new Date());
  const instanceId = randomUUID();
  const leaseMs = deps.timeoutMs * 2 + (deps.paceWindowMs ?? 60_000) + 30_000;
  const dallePace = createPace({
    limit: () => deps.maxImagesPerMinute,
    windowMs: deps.paceWindowMs ?? 60_000,
    startsSince: (since) => repository.startsSince("dalle", since),
    now,
  });
  const background = new AbortController();
  const running = new Map<number, Promise<void>>();

  function providerFor(service: AiImageService): ImageProviderAdapter {
    const provider = providers[service];
    if (!provider) {
      throw new AppError(
        503,
        "image_service_not_configured",
        `${serviceLabel(service)} is not configured. Set ${settingOf[service]} in the server's settings, or use another image service. ${imageMessages.noService}`,
      );
    }
    return provider;
  }

  async function monthlySpendMicros(): Promise<number> {
    return repository.costSince("dalle", startOfUtcMonth(now()));
  }

  function budgetMessage(spent: number, budget: number): string {
    const month = now().toLocaleString("en-US", { month: "long", timeZone: "UTC" });
    return `The monthly DALL-E budget of $${budget.toFixed(2)} is used up ($${dollars(spent).toFixed(2)} spent in ${month}). Paid image generation is stopped until next month; Stable Diffusion and the branded cover still work. An administrator can raise DALLE_MONTHLY_BUDGET_USD.`;
  }

  async function loadArticle(actor: Actor, articleId: number): Promise<Article> {
    const article = await deps.articleEditor.getForEditing(actor, articleId);
    if (!article.title.trim()) {
      throw badRequest(
        "This article has no title yet. Add a title and save the article, then generate an image.",
        { title: "Title is required" },
      );
    }
    return article;
  }

  /** Stores the picture like an upload and points the article at it. */
  async function storeAndAttach(actor: Actor, articleId: number, bytes: Buffer) {
    if (bytes.length > maxImageBytes) {
      throw new ImageProviderError("too_large", "The image is larger than 10 MiB", undefined, true);
    }
    const stored = await deps.media.uploadArticleImage(bytes, "cover");
    await deps.articleEditor.update(actor, articleId, { featuredImage: stored.url });
    return stored;
  }

  async function drawCover(actor: Actor, article: Article): Promise<GenerateImageResponse> {
    const log = await repository.insertGeneration({
      articleId: article.id,
      userId: actor.id,
      provider: "branded-cover",
      model: "sharp",
      prompt: null,
    });
    try {
      const bytes = await drawBrandedCover({
        title: article.title,
        label: article.category?.name ?? "News",
        color: article.category?.color ?? "#FFD700",
        siteName: deps.siteName,
      });
      const stored = await storeAndAttach(actor, article.id, bytes);
      await repository.updateGeneration(log.id, {
        outcome: "succeeded",
        imageUrl: stored.url,
        finishedAt: now(),
      });
      return {
        success: true,
        featuredImage: stored.url,
        imageUrl: stored.url,
        srcset: stored.srcset,
        prompt: null,
        revisedPrompt: null,
        cost: 0,
        provider: "branded-cover",
        aiGenerated: false,
      };
    } catch (error) {
      await repository
        .updateGeneration(log.id, {
          outcome: "failed",
          errorCode: error instanceof AppError ? error.code : "internal",
          finishedAt: now(),
        })
        .catch(() => {});
      throw error;
    }
  }

  async function generate(
    actor: Actor,
    articleId: number,
    requested: ImageProvider | undefined,
    options: { signal?: AbortSignal; batchId?: number } = {},
  ): Promise<GenerateImageResponse> {
    const article = await loadArticle(actor, articleId);
    const choice: ImageProvider =
      requested ??
      (providers["stable-diffusion"]
        ? "stable-diffusion"
        : providers.dalle
          ? "dalle"
          : "branded-cover");
    if (choice === "branded-cover") return drawCover(actor, article);
    const provider = providerFor(choice);
    const prompt = buildImagePrompt({
      title: article.title,
      excerpt: article.excerpt,
      category: article.category?.name ?? null,
    });
    const cost = provider.costPerImage;
    const reserve = async () => {
      if (cost > 0 && deps.monthlyBudget !== null) {
        const spent = await monthlySpendMicros();
        if (spent + micros(cost) > micros(deps.monthlyBudget)) {
          throw forbidden(budgetMessage(spent, deps.monthlyBudget), "image_budget_reached");
        }
      }
      return repository.insertGeneration({
        articleId,
        userId: actor.id,
        provider: choice,
        model: provider.model,
        prompt,
        costMicros: micros(cost),
        batchId: options.batchId ?? null,
      });
    };
    const signal = options.signal ?? background.signal;
    let log: Awaited<ReturnType<typeof reserve>>;
    try {
      log = choice === "dalle" ? await dallePace.take(reserve, { signal }) : await reserve();
    } catch (error) {
      // Left while waiting for its turn: nothing was asked of the service.
      if (signal.aborted && !(error instanceof AppError)) {
        throw toAppError(new ImageProviderError("cancelled", "cancelled"), choice, deps.timeoutMs);
      }
      throw error;
    }
    let charged = false;
    try {
      const answer = await provider.generate({
        prompt,
        negativePrompt: imageNegativePrompt,
        timeoutMs: deps.timeoutMs,
        signal: options.signal,
      });
      charged = true;
      const stored = await storeAndAttach(actor, articleId, answer.bytes);
      await repository.updateGeneration(log.id, {
        outcome: "succeeded",
        revisedPrompt: answer.revisedPrompt,
        imageUrl: stored.url,
        finishedAt: now(),
      });
      return {
        success: true,
        featuredImage: stored.url,
        imageUrl: stored.url,
        srcset: stored.srcset,
        prompt,
        revisedPrompt: answer.revisedPrompt,
        cost,
        provider: choice,
        aiGenerated: true,
      };
    } catch (error) {
      if (error instanceof ImageProviderError && error.charged) charged = true;
      const mapped = toAppError(error, choice, deps.timeoutMs);
      await repository
        .updateGeneration(log.id, {
          outcome: "failed",
          errorCode: mapped instanceof AppError ? mapped.code : "internal",
          error: mapped instanceof Error ? mapped.message.slice(0, 500) : null,
          // A service bills the pictures it made, even one we then refused.
          ...(charged ? {} : { costMicros: 0 }),
          finishedAt: now(),
        })
        .catch(() => {});
      throw mapped;
    }
  }

  function presentBatch(row: ImageBatchRow): BulkImageResult {
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
    for (const item of items) {
      if (item.status !== "pending") continue;
      if (signal.aborted) {
        await release();
        return;
      }
      item.status = "running";
      // Stops when the batch was cancelled or another instance took it over.
      if (
        (await repository.saveBatchProgress(
          batchId,
          instanceId,
          { items, leaseUntil: lease() },
          now(),
        )) !== "running"
      ) {
        return;
      }
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
      if (
        (await repository.saveBatchProgress(
          batchId,
          instanceId,
          { items, leaseUntil: lease() },
          now(),
        )) !== "running"
      ) {
        return;
      }
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
    const task = runBatch(batchId, background.signal).catch(() => {
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
    async status(service: AiImageService): Promise<ImageServiceStatus> {
      const defaults = imageServiceDefaults[service];
      const provider = providers[service];
      const extra =
        service === "dalle"
          ? {
              maxImagesPerMinute: deps.maxImagesPerMinute,
              monthlySpend: dollars(await monthlySpendMicros()),
              monthlyBudget: deps.monthlyBudget,
            }
          : {};
      const unavailable = {
        configured: false,
        model: provider?.model ?? defaults.model,
        costPerImage: provider?.costPerImage ?? defaults.costPerImage,
        quality: provider?.quality ?? defaults.quality,
        message: imageMessages.unavailable,
        ...extra,
      };
      if (!provider) return unavailable;
      try {
        const model = await provider.currentModel({ timeoutMs: deps.statusTimeoutMs });
        return {
          configured: true,
          model,
          costPerImage: provider.costPerImage,
          quality: provider.quality,
          message: `${serviceLabel(service)} is ready.`,
          ...extra,
        };
      } catch {
        return unavailable;
      }
    },

    generate,

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
        const spent = await monthlySpendMicros();
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

    async close() {
      background.abort();
      await Promise.allSettled([...running.values()]);
    },
  };
}

export type AiImagesService = ReturnType<typeof createAiImagesService>;
