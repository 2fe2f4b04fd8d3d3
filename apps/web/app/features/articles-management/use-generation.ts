import {
  type GenerateArticleInputParsed,
  type GenerateArticleResponse,
  type GenerationProgress,
  generatorMessages,
} from "@aurumwire/shared/ai-writer";
import { intervals } from "@aurumwire/shared/limits";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { generateArticle, writerKeys } from "../../api/ai-writer";
import type { useFeedback } from "../../components/feedback";
import { ApiError } from "../../lib/api-client";

export type ShowFeedback = ReturnType<typeof useFeedback>["show"];

export function failureReason(caught: unknown): string {
  if (caught instanceof ApiError) return caught.message || "Failed to generate article";
  if (caught instanceof Error && caught.message) return caught.message;
  return "Unknown error";
}

/**
 * One generation at a time with its streamed progress, Cancel, and the 5-minute limit (spec
 * point 9). `onSettled` runs after every attempt (the status and the log change).
 */
export function useGeneration(show: ShowFeedback, onSettled: () => void) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<GenerationProgress | null>(null);
  const [result, setResult] = useState<GenerateArticleResponse | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  /** Answers whether a draft came back. */
  const run = async (input: GenerateArticleInputParsed): Promise<boolean> => {
    const abort = new AbortController();
    controller.current = abort;
    const timer = window.setTimeout(() => abort.abort("timeout"), intervals.generationTimeoutMs);
    setBusy(true);
    setProgress(null);
    try {
      setResult(await generateArticle(input, { signal: abort.signal, onProgress: setProgress }));
      return true;
    } catch (caught) {
      const timedOut =
        (abort.signal.aborted && abort.signal.reason === "timeout") ||
        (caught instanceof ApiError && caught.code === "ai_timeout");
      if (timedOut) {
        show("error", generatorMessages.timedOut);
      } else if (abort.signal.aborted) {
        show("info", "Generation cancelled. Nothing was saved.");
      } else {
        show("error", generatorMessages.failed(failureReason(caught)));
      }
      return false;
    } finally {
      window.clearTimeout(timer);
      controller.current = null;
      setBusy(false);
      setProgress(null);
      onSettled();
      queryClient.invalidateQueries({ queryKey: writerKeys.log });
    }
  };

  return { busy, progress, result, run, cancel: () => controller.current?.abort() };
}
