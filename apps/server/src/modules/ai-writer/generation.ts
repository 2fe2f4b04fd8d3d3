import type {
  GenerateArticleInputParsed,
  GenerateArticleResponse,
  GenerationProgress,
  GenerationSource,
} from "@aurumwire/shared/ai-writer";
import { readingTimeMinutes } from "@aurumwire/shared/articles";
import { limits } from "@aurumwire/shared/limits";
import { computeSeoScore } from "@aurumwire/shared/seo";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../errors";
import { sanitizeArticleHtml } from "../../lib/article-html";
import { articleBodyText } from "../../lib/search-highlight";
import { ServiceError } from "../../lib/service-failure";
import type { ArticleReads } from "../articles/reads-service";
import { findArchiveSources, maxSources } from "./archive-research";
import { clampText, parseOutline, sectionHtml, sourcesHtml } from "./draft-content";
import { uncheckedFigures } from "./figure-check";
import { outlineMessages, sectionMessages } from "./prompts";
import type { ChatProvider, ChatResult } from "./provider";
import type { AiGenerationsRepository } from "./repository";
import { toAppError } from "./writer-errors";

type Actor = Pick<UserRow, "id" | "role">;

export type ProgressListener = (progress: GenerationProgress) => void;

/**
 * The writing itself, once a generation may start: sources from our archive (and any lead
 * sources), an outline, each section, the figure checks; every generation is logged with its
 * outcome, tokens and time, whatever happens.
 */
export function createGenerationRunner(deps: {
  repository: AiGenerationsRepository;
  articles: ArticleReads;
  publicUrl: string;
  /** Spec point 9: 300000 ms for a whole generation. */
  timeoutMs: number;
  styleGuide: () => Promise<string>;
}) {
  const { repository, articles } = deps;
  /** One generation: sources, outline, sections, checks; logged whatever its outcome. */
  return async function write(
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
      if (error instanceof ServiceError && error.kind === "cancelled" && timer.aborted) {
        failure = new ServiceError("timeout", error.message);
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
  };
}

export type GenerationRunner = ReturnType<typeof createGenerationRunner>;
