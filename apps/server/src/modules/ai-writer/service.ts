import {
  type GenerateArticleInputParsed,
  type GenerateArticleResponse,
  type GenerationLogEntry,
  type GenerationProgress,
  type GenerationSource,
  keywordsMax,
  type ResearchResponse,
  topicMaxLength,
  type WriterStatus,
} from "@aurumwire/shared/ai-writer";
import type { Article, ArticleInputParsed } from "@aurumwire/shared/articles";
import { readingTimeMinutes } from "@aurumwire/shared/articles";
import { limits } from "@aurumwire/shared/limits";
import { isEditor } from "@aurumwire/shared/roles";
import { computeSeoScore } from "@aurumwire/shared/seo";
import type { UserRow } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import type { ArticleEditorService } from "../articles/editor-service";
import type { ArticlesRepository } from "../articles/repository";
import { sanitizeArticleHtml } from "../articles/sanitize";
import type { AuditService } from "../audit/service";
import type { BreakingNewsRepository } from "../breaking-news/repository";
import type { CategoriesService } from "../categories/service";
import { articleBodyText } from "../search/search-highlight";
import { findArchiveSources, maxSources } from "./archive-research";
import { clampText, parseOutline, sectionHtml, sourcesHtml } from "./draft-content";
import { uncheckedFigures } from "./figure-check";
import { outlineMessages, sectionMessages } from "./prompts";
import { type ChatProvider, type ChatResult, ProviderError } from "./provider";
import type { AiGenerationsRepository } from "./repository";
import { createTopicFinder } from "./topics";
import { type AiUsage, notConfigured, notConfiguredMessage } from "./usage";
import { toAppError } from "./writer-errors";

type Actor = Pick<UserRow, "id" | "role">;

export const researchNotice =
  "Research only: passages from our own published archive, found by search. Nothing here was written by AI.";

export type ProgressListener = (progress: GenerationProgress) => void;

/**
 * The AI newsroom writer: finds sources in our own archive, has the configured model write an
 * outline and then each section from them, checks the figures, and hands the editor a draft.
 * Drafts are saved only through the article editor service, always as drafts.
 */
export function createAiWriterService(deps: {
  /** The model, the daily limit and the usage log, shared with sentiment (decision 260). */
  usage: AiUsage;
  repository: AiGenerationsRepository;
  articles: ArticlesRepository;
  articleEditor: ArticleEditorService;
  /** The audit log (decision 203): generations saved as drafts. */
  audit: Pick<AuditService, "record">;
  categories: CategoriesService;
  breakingNews: BreakingNewsRepository;
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

  /** One generation: sources, outline, sections, checks; logged whatever its outcome. */
  async function write(
    chat: ChatProvider,
    actor: Actor,
    input: GenerateArticleInputParsed,
    options: {
      signal?: AbortSignal;
      onProgress?: ProgressListener;
      /** Sources given before the archive's own (a breaking-news item's brief). */
      leadSources?: GenerationSource[];
    } = {},
  ): Promise<GenerateArticleResponse> {
    const report = options.onProgress ?? (() => {});
    const startedAt = Date.now();
    const deadline = startedAt + deps.timeoutMs;
    const timer = AbortSignal.timeout(deps.timeoutMs);
    const signal = options.signal ? AbortSignal.any([timer, options.signal]) : timer;
    let tokensIn = 0;
    let tokensOut = 0;
    const log = await repository.insert({
      userId: actor.id,
      provider: chat.name,
      model: chat.model,
      topic: input.prompt,
    });
    const call = async (
      messages: Parameters<ChatProvider["chat"]>[0]["messages"],
      json = false,
    ) => {
      const result: ChatResult = await chat.chat({
        messages,
        json,
        signal,
        timeoutMs: Math.max(1, deadline - Date.now()),
      });
      tokensIn += result.tokensIn;
      tokensOut += result.tokensOut;
      return result.text;
    };
    try {
      report({ step: "sources", message: "Finding sources" });
      const found = await findArchiveSources(
        articles,
        input.prompt,
        input.keywords,
        deps.publicUrl,
      );
      const lead = options.leadSources ?? [];
      const sources = [
        ...lead,
        ...found.filter((source) => !lead.some((first) => first.articleId === source.articleId)),
      ].slice(0, maxSources);
      const styleGuide = await deps.styleGuide();
      report({ step: "outline", message: "Outlining" });
      const outline = parseOutline(
        await call(outlineMessages(input, sources, styleGuide), true),
        input,
      );
      const headings = outline.sections.map((section) => section.heading);
      let body = "";
      for (const [index, section] of outline.sections.entries()) {
        report({
          step: "section",
          message: `Writing section ${index + 1} of ${headings.length}`,
          current: index + 1,
          total: headings.length,
        });
        const written = await call(
          sectionMessages({
            input,
            sources,
            title: outline.title,
            headings,
            index,
            points: section.points,
            styleGuide,
          }),
        );
        const escapedHeading = section.heading.replace(/&/g, "&amp;").replace(/</g, "&lt;");
        body += `<h2>${escapedHeading}</h2>${sectionHtml(written, sources)}`;
      }
      report({ step: "checking", message: "Checking figures" });
      const content = sanitizeArticleHtml(body + sourcesHtml(sources));
      const bodyText = articleBodyText(body);
      const excerpt =
        outline.excerpt.length >= limits.excerptMin ? outline.excerpt : clampText(bodyText, 200);
      const metaDescription =
        outline.metaDescription || clampText(excerpt, limits.metaDescriptionMax);
      const article = {
        title: outline.title,
        excerpt,
        content,
        featuredImage: null,
        tags: outline.tags,
        metaTitle: outline.metaTitle,
        metaDescription,
        readingTime: readingTimeMinutes(content),
      };
      const durationMs = Date.now() - startedAt;
      await repository.update(log.id, {
        outcome: "succeeded",
        tokensIn,
        tokensOut,
        durationMs,
        sources: sources.map(({ articleId, title, slug }) => ({ articleId, title, slug })),
      });
      return {
        article,
        sources,
        figureChecks: uncheckedFigures(bodyText, [
          input.prompt,
          ...input.keywords,
          ...sources.map((source) => `${source.title} ${source.passage}`),
        ]),
        seo: computeSeoScore(article),
        generation: {
          id: log.id,
          provider: chat.name,
          model: chat.model,
          tokensIn,
          tokensOut,
          durationMs,
        },
      };
    } catch (error) {
      let failure = error;
      if (error instanceof ProviderError && error.kind === "cancelled" && timer.aborted) {
        failure = new ProviderError("timeout", error.message);
      }
      const mapped = toAppError(failure, chat);
      const code = mapped instanceof AppError ? mapped.code : "internal";
      const outcome =
        code === "ai_timeout" ? "timed_out" : code === "ai_cancelled" ? "cancelled" : "failed";
      await repository
        .update(log.id, {
          outcome,
          errorCode: code,
          tokensIn,
          tokensOut,
          durationMs: Date.now() - startedAt,
        })
        .catch(() => {});
      throw mapped;
    }
  }

  // Background drafts (breaking news) stop when the server shuts down.
  const background = new AbortController();
  const pendingDrafts = new Set<Promise<unknown>>();

  /**
   * When a breaking-news brief is published and a provider is configured, the writer drafts the
   * fuller story from the item (through its brief, source [1]) and our archive, as a draft for an
   * editor to review, credited to the newsroom byline (decision 091). Runs in the background: the
   * reader who clicked gets the brief at once. Counts towards the newsroom byline's daily limit,
   * which caps what anonymous clicks can cost.
   */
  function draftFromBreakingNews(brief: {
    articleId: number;
    title: string;
    tags: string[];
    categoryId: number;
    author: Actor;
  }): Promise<Article | null> | null {
    if (!provider) return null;
    const task = (async () => {
      const chat = await assertMayGenerate(brief.author);
      const record = await articles.findBySlugOrId(brief.articleId, "any");
      if (!record) return null;
      const leadSource: GenerationSource = {
        articleId: record.id,
        title: record.title,
        slug: record.slug,
        url: `${deps.publicUrl}/article/${record.slug}`,
        publishedAt: record.publishedAt?.toISOString() ?? null,
        passage: clampText(articleBodyText(`${record.excerpt} ${record.content ?? ""}`), 1200),
      };
      const input: GenerateArticleInputParsed = {
        prompt: clampText(brief.title, topicMaxLength),
        categoryId: brief.categoryId,
        articleType: "news",
        length: "short",
        tone: "professional",
        targetAudience: "general",
        keywords: brief.tags.map((tag) => clampText(tag, 60)).slice(0, keywordsMax),
        generateImage: false,
      };
      const result = await write(chat, brief.author, input, {
        signal: background.signal,
        leadSources: [leadSource],
      });
      const { article } = result;
      const saved = await deps.articleEditor.create(brief.author, {
        title: article.title,
        excerpt: article.excerpt,
        content: article.content,
        categoryId: brief.categoryId,
        tags: article.tags,
        metaTitle: article.metaTitle || null,
        metaDescription: article.metaDescription || null,
        featuredImage: null,
        status: "draft",
        isFeatured: false,
        isPremium: false,
        generateImage: false,
        publishedAt: null,
      });
      await repository.update(result.generation.id, { articleId: saved.id });
      return saved;
    })();
    pendingDrafts.add(task);
    const settle = () => pendingDrafts.delete(task);
    task.then(settle, settle);
    return task;
  }

  /** Stops background drafts and waits for them to settle. */
  async function close() {
    background.abort();
    await Promise.allSettled([...pendingDrafts]);
  }

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
            : ((toAppError(new ProviderError("model_not_found", ""), provider) as AppError)
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

    draftFromBreakingNews,
    close,

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
        {
          ...input,
          status: "draft",
          isFeatured: false,
          isPremium: false,
          generateImage: false,
          publishedAt: null,
        },
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
