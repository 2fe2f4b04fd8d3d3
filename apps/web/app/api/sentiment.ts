import { limits } from "@aurumwire/shared/limits";
import type { SentimentAnalyzeResponse, StoredArticleSentiment } from "@aurumwire/shared/sentiment";
import type { SentimentEngine, SentimentEngineSetting } from "@aurumwire/shared/sentiment-engine";
import type { SentimentTrends } from "@aurumwire/shared/sentiment-trends";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "../lib/api-client";

/** The newsroom's sentiment calls: the draft's analysis and an article's stored "why". */

export const sentimentKeys = {
  draft: (draft: string) => ["sentiment", "draft", draft] as const,
  stored: (id: number) => ["sentiment", "article", id] as const,
  engine: ["sentiment", "engine"] as const,
};

export interface DraftText {
  title: string;
  excerpt: string;
  text: string;
}

/** How long typing must pause before the draft is analysed again. */
export const draftSentimentDebounceMs = 800;

/** Keeps `value` until it has stopped changing for `delay` ms. */
function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** The request body for a draft, or null when there is nothing to read yet. */
export function draftAnalyzeBody(draft: DraftText) {
  const cut = (text: string) => text.slice(0, limits.sentimentTextMax);
  const title = draft.title.trim();
  const excerpt = draft.excerpt.trim();
  const body = draft.text.replace(/<[^>]*>/g, " ").trim();
  if (!body && !title) return null;
  // The body is the required text; a draft with only a title is read as that line, still weighed
  // as a title (a coin it names is what the headline is about).
  if (!body) return { text: cut(title), title: cut(title) };
  return {
    text: cut(draft.text),
    ...(title ? { title: cut(title) } : {}),
    ...(excerpt ? { excerpt: cut(excerpt) } : {}),
  };
}

/** POST /api/sentiment/analyze for the draft, debounced while the writer types. */
export function useDraftSentiment(draft: DraftText) {
  // Compared as text: a new object with the same words is no change.
  const settled = useDebounced(JSON.stringify(draft), draftSentimentDebounceMs);
  const body = draftAnalyzeBody(JSON.parse(settled) as DraftText);
  return useQuery({
    queryKey: sentimentKeys.draft(settled),
    // The live reading is the offline classifier's: the AI model is asked only on request, so
    // typing does not spend the daily limit (decision 260).
    queryFn: () =>
      api.post<SentimentAnalyzeResponse>("/sentiment/analyze", { ...body, engine: "offline" }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** GET /api/sentiment/articles/{id}: the stored sentiment of a published article (null before). */
export function useStoredArticleSentiment(id: number | undefined) {
  return useQuery({
    queryKey: sentimentKeys.stored(id ?? 0),
    queryFn: async () =>
      (await api.get<{ data: StoredArticleSentiment | null }>(`/sentiment/articles/${id}`)).data,
    enabled: id !== undefined,
  });
}

/** GET /api/sentiment/trends: the daily index per coin and per category (dashboard analytics). */
export function useSentimentTrends() {
  return useQuery({
    queryKey: ["sentiment", "trends"] as const,
    queryFn: async () => (await api.get<{ data: SentimentTrends }>("/sentiment/trends")).data,
  });
}

/** The draft read by the AI model, on request (the editor's "Ask the AI model"). */
export function useModelDraftSentiment() {
  return useMutation({
    mutationFn: (draft: DraftText) =>
      api.post<SentimentAnalyzeResponse>("/sentiment/analyze", {
        ...draftAnalyzeBody(draft),
        engine: "ai",
      }),
  });
}

/** GET /api/sentiment/engine: which classifier scores sentiment, and the AI provider's state. */
export function useSentimentEngine() {
  return useQuery({
    queryKey: sentimentKeys.engine,
    queryFn: async () =>
      (await api.get<{ data: SentimentEngineSetting }>("/sentiment/engine")).data,
  });
}

/** PUT /api/sentiment/engine (editors and admins). */
export function useUpdateSentimentEngine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (engine: SentimentEngine) =>
      (await api.put<{ data: SentimentEngineSetting }>("/sentiment/engine", { engine })).data,
    onSuccess: (data) => client.setQueryData(sentimentKeys.engine, data),
  });
}
