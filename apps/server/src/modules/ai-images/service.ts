import {
  type AiImageService,
  type GenerateImageResponse,
  type ImageProvider,
  type ImageServiceStatus,
  imageMessages,
  imageServiceDefaults,
} from "@aurumwire/shared/ai-images";
import type { Article } from "@aurumwire/shared/articles";
import type { Database } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError, badRequest, forbidden } from "../../errors";
import { ServiceError } from "../../lib/service-failure";
import type { WorkQueue } from "../../lib/work-queue";
import type { ArticleEditorService } from "../articles/editor-service";
import type { MediaService } from "../media/service";
import { createImageBatches } from "./batches";
import { dollars, micros, startOfUtcMonth } from "./image-cost";
import { serviceLabel, settingOf, toAppError } from "./image-errors";
import { buildImagePrompt, imageNegativePrompt } from "./image-prompt";
import { type ImageProviderAdapter, maxImageBytes } from "./image-provider";
import { createPace } from "./pace";
import type { AiImagesRepository } from "./repository";

type Actor = Pick<UserRow, "id" | "role">;

/**
 * Featured images from AI services (Stable Diffusion, DALL-E 3) or the branded cover our server
 * draws: the prompt from the article, the call, the media pipeline (checked, re-encoded, srcset
 * widths, stored like an upload), then the article's featuredImage through the article editor
 * service. The article's image changes only once the new one is stored, so a failure loses
 * nothing. DALL-E calls are paced per minute (queued, not refused) and stop at the monthly cap.
 * Bulk runs are batches on the work queue (decision 306), resumed by its job after a restart.
 */
export function createAiImagesService(deps: {
  db: Database;
  repository: AiImagesRepository;
  queue: WorkQueue;
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
  // A batch's claim is renewed after every article: longer than one article may take.
  const leaseMs = deps.timeoutMs * 2 + (deps.paceWindowMs ?? 60_000) + 30_000;
  const dallePace = createPace({
    limit: () => deps.maxImagesPerMinute,
    windowMs: deps.paceWindowMs ?? 60_000,
    startsSince: (since) => repository.startsSince("dalle", since),
    now,
  });
  const background = new AbortController();

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

  /**
   * Stores the picture like an upload, points the article at it, logs the generation as succeeded
   * and answers what was made.
   */
  async function attachPicture(
    actor: Actor,
    articleId: number,
    logId: number,
    bytes: Buffer,
    made: Pick<
      GenerateImageResponse,
      "prompt" | "revisedPrompt" | "cost" | "provider" | "aiGenerated"
    >,
  ): Promise<GenerateImageResponse> {
    if (bytes.length > maxImageBytes) {
      throw new ServiceError("too_large", "The image is larger than 10 MiB", { charged: true });
    }
    const stored = await deps.media.uploadArticleImage(bytes, "cover");
    await deps.articleEditor.update(actor, articleId, { featuredImage: stored.url });
    await repository.updateGeneration(logId, {
      outcome: "succeeded",
      revisedPrompt: made.revisedPrompt,
      imageUrl: stored.url,
      finishedAt: now(),
    });
    return {
      success: true,
      featuredImage: stored.url,
      imageUrl: stored.url,
      srcset: stored.srcset,
      ...made,
    };
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
      const bytes = await deps.media.drawBrandedCover({
        title: article.title,
        label: article.category?.name ?? "News",
        color: article.category?.color ?? "#FFD700",
        siteName: deps.siteName,
      });
      return await attachPicture(actor, article.id, log.id, bytes, {
        prompt: null,
        revisedPrompt: null,
        cost: 0,
        provider: "branded-cover",
        aiGenerated: false,
      });
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
        throw toAppError(new ServiceError("cancelled", "cancelled"), choice, deps.timeoutMs);
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
      return await attachPicture(actor, articleId, log.id, answer.bytes, {
        prompt,
        revisedPrompt: answer.revisedPrompt,
        cost,
        provider: choice,
        aiGenerated: true,
      });
    } catch (error) {
      if (error instanceof ServiceError && error.charged) charged = true;
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

  const batches = createImageBatches({
    repository,
    queue: deps.queue,
    transaction: (work) => deps.db.transaction(work),
    leaseMs,
    signal: background.signal,
    monthlyBudget: deps.monthlyBudget,
    monthlySpendMicros,
    providerFor,
    loadArticle,
    generate,
    now,
  });

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

    startBulk: batches.startBulk,
    getBatch: batches.getBatch,
    listBatches: batches.listBatches,
    cancelBatch: batches.cancelBatch,
    runDueBatches: batches.runDueBatches,
    settle: batches.settle,

    async close() {
      background.abort();
      await batches.settleAll();
    },
  };
}

export type AiImagesService = ReturnType<typeof createAiImagesService>;
