import type {
  GenerateArticleInputParsed,
  GenerateArticleResponse,
  GenerationLogEntry,
  ResearchResponse,
  WriterStatus,
} from "@aurumwire/shared/ai-writer";
import type { Article, ArticleInputParsed } from "@aurumwire/shared/articles";
import { isEditor } from "@aurumwire/shared/roles";
import type { UserRow } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import { ServiceError } from "../../lib/service-failure";
import type { ArticleEditorService } from "../articles/editor-service";
import type { ArticleReads } from "../articles/reads-service";
import type { AuditService } from "../audit/service";
import type { NewsItemReads } from "../breaking-news/items-service";
import type { CategoriesService } from "../categories/service";
import { findArchiveSources } from "./archive-research";
import { createBreakingNewsDrafts } from "./breaking-news-drafts";
import { draftForReview } from "./draft-content";
import { createGenerationRunner, type ProgressListener } from "./generation";
import type { AiGenerationsRepository } from "./repository";
import { createTopicFinder } from "./topics";
import { type AiUsage, notConfigured, notConfiguredMessage } from "./usage-service";
import { toAppError } from "./writer-errors";

type Actor = Pick<UserRow, "id" | "role">;

export const researchNotice =
  "Research only: passages from our own published archive, found by search. Nothing here was written by AI.";

/**
 * The AI newsroom writer: finds sources in our own archive, has the configured model write an
 * outline and then each section from them, checks the figures, and hands the editor a draft.
 * Drafts are saved only through the article editor service, always as drafts.
 */
export function createAiWriterService(deps: {
  /** The model, the daily limit and the usage log, shared with sentiment (decision 260). */
  usage: AiUsage;
  repository: AiGenerationsRepository;
  articles: ArticleReads;
  articleEditor: ArticleEditorService;
  /** The audit log (decision 203): generations saved as drafts. */
  audit: Pick<AuditService, "record">;
  categories: CategoriesService;
  breakingNews: NewsItemReads;
  publicUrl: string;
  /** Spec point 9: 300000 ms for a whole generation. */
  timeoutMs: number;
  /** For status and model-list calls. */
  statusTimeoutMs: number;
  /** The admin-written house style guide added to every prompt (Site Settings). */
  styleGuide: () => Promise<string>;
  now?: () => Date;
}) {
  const { usage, repository, articles } = deps;
  const { provider, usedToday, assertMayUse: assertMayGenerate } = usage;
  const now = deps.now ?? (() => new Date());
  const topics = createTopicFinder({ ...deps, now });

  const write = createGenerationRunner(deps);
  const drafts = createBreakingNewsDrafts({ ...deps, provider, assertMayGenerate, write });

  return {
    assertMayGenerate,

    async status(actor: Actor): Promise<WriterStatus> {
      const base = {
        dailyLimit: usage.dailyLimit,
        usedToday: await usedToday(actor),
      };
      if (!provider) {
        return {
          ...base,
          configured: false,
          provider: null,
          model: null,
          reachable: false,
          modelAvailable: false,
          message: notConfiguredMessage,
        };
      }
      try {
        const models = await provider.listModels({ timeoutMs: deps.statusTimeoutMs });
        const modelAvailable = provider.hasModel(models);
        return {
          ...base,
          configured: true,
          provider: provider.name,
          model: provider.model,
          reachable: true,
          modelAvailable,
          message: modelAvailable
            ? `Ready: ${provider.model} on ${provider.name === "ollama" ? "Ollama" : "the OpenAI-compatible API"}.`
            : ((toAppError(new ServiceError("model_not_found", ""), provider) as AppError)
                .message as string),
        };
      } catch (error) {
        const mapped = toAppError(error, provider);
        return {
          ...base,
          configured: true,
          provider: provider.name,
          model: provider.model,
          reachable: false,
          modelAvailable: false,
          message:
            mapped instanceof AppError ? mapped.message : "The AI provider is not answering.",
        };
      }
    },

    /** The generation log: editors and admins see everyone's, authors their own. */
    async listGenerations(actor: Actor, limit: number): Promise<GenerationLogEntry[]> {
      const rows = await repository.listRecent({
        userId: isEditor(actor) ? undefined : actor.id,
        limit,
      });
      return rows.map(({ generation, user }) => ({
        id: generation.id,
        user,
        provider: generation.provider,
        model: generation.model,
        topic: generation.topic,
        outcome: generation.outcome,
        errorCode: generation.errorCode,
        tokensIn: generation.tokensIn,
        tokensOut: generation.tokensOut,
        durationMs: generation.durationMs,
        sources: generation.sources,
        articleId: generation.articleId,
        createdAt: generation.createdAt.toISOString(),
      }));
    },

    async listModels() {
      if (!provider) throw notConfigured();
      try {
        const models = await provider.listModels({ timeoutMs: deps.statusTimeoutMs });
        return { provider: provider.name, model: provider.model, models };
      } catch (error) {
        throw toAppError(error, provider);
      }
    },

    quickTopics: topics.quickTopics,
    trendingTopics: topics.trendingTopics,

    /** The research step alone: no model involved, so it works without a provider. */
    async research(input: { prompt: string; keywords: string[] }): Promise<ResearchResponse> {
      return {
        writtenByAi: false,
        notice: researchNotice,
        sources: await findArchiveSources(articles, input.prompt, input.keywords, deps.publicUrl),
      };
    },

    async generate(
      actor: Actor,
      input: GenerateArticleInputParsed,
      options: { signal?: AbortSignal; onProgress?: ProgressListener } = {},
    ): Promise<GenerateArticleResponse> {
      const chat = await assertMayGenerate(actor);
      return write(chat, actor, input, options);
    },

    draftFromBreakingNews: drafts.draftFromBreakingNews,
    close: drafts.close,

    /**
     * 'Save as Draft & Edit': the preview (as the editor may have changed it) saved through the
     * article editor service, as a draft that is neither featured nor premium, and linked to the
     * generation that wrote it (provider, model, sources).
     */
    async saveDraft(
      actor: Actor,
      generationId: number,
      input: Pick<
        ArticleInputParsed,
        | "title"
        | "excerpt"
        | "content"
        | "categoryId"
        | "tags"
        | "metaTitle"
        | "metaDescription"
        | "featuredImage"
      >,
    ): Promise<Article> {
      const generation = await repository.find(generationId);
      if (!generation || generation.userId !== actor.id || generation.outcome !== "succeeded") {
        throw notFound("Generation not found", "generation_not_found");
      }
      // One draft (and one audit entry) per generation: a double click answers the first.
      const article = await deps.articleEditor.create(
        actor,
        { ...input, ...draftForReview },
        { creationKey: `generation:${generation.id}` },
      );
      if (await repository.linkArticle(generation.id, article.id)) {
        await deps.audit.record(actor, "ai.generation_saved", {
          target: { type: "article", id: article.id },
          summary: `${article.title} (generation ${generation.id})`,
        });
      }
      return article;
    },
  };
}

export type AiWriterService = ReturnType<typeof createAiWriterService>;
