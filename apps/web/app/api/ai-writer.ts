import {
  fallbackTopics,
  type GenerateArticleInput,
  type GenerateArticleResponse,
  type GenerationLogEntry,
  type GenerationProgress,
  type ResearchInput,
  type ResearchResponse,
  type SaveGeneratedDraftInput,
  type TopicsResponse,
  type WriterStatus,
} from "@aurumwire/shared/ai-writer";
import type { ArticleResponse } from "@aurumwire/shared/article-editor";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api, handleUnauthorized, readStoredToken } from "../lib/api-client";
import { articleKeys } from "./admin-articles";

/** The AI article generator's calls (spec point 7: /api/ollama/* and generate-ollama). */

export const writerKeys = {
  status: ["ai-writer", "status"] as const,
  trending: (category: string) => ["ai-writer", "trending-topics", category] as const,
  quick: (category: string) => ["ai-writer", "quick-topics", category] as const,
  log: ["ai-writer", "generations"] as const,
};

/** The generation log: everyone's for editors and admins, one's own for authors. */
export function useGenerationLog() {
  return useQuery({
    queryKey: writerKeys.log,
    queryFn: async () =>
      (await api.get<{ generations: GenerationLogEntry[] }>("/ollama/generations?limit=10"))
        .generations,
  });
}

export function useWriterStatus() {
  return useQuery({
    queryKey: writerKeys.status,
    queryFn: () => api.get<WriterStatus>("/ollama/status"),
  });
}

/** `category` as for quick topics: the chips follow the category chosen first. */
export function useTrendingTopics(category: string) {
  return useQuery({
    queryKey: writerKeys.trending(category),
    queryFn: () =>
      api.get<TopicsResponse>(`/ollama/trending-topics?category=${encodeURIComponent(category)}`),
    staleTime: 5 * 60_000,
  });
}

/** `category` is the category's name in lower case, or "general" (spec point 7). */
export function useQuickTopics(category: string) {
  return useQuery({
    queryKey: writerKeys.quick(category),
    queryFn: () =>
      api.get<TopicsResponse>(`/ollama/quick-topics?category=${encodeURIComponent(category)}`),
    staleTime: 5 * 60_000,
  });
}

export const builtInTopics: string[] = [...fallbackTopics];

export function useResearch() {
  return useMutation({
    mutationFn: (input: ResearchInput) => api.post<ResearchResponse>("/ollama/research", input),
  });
}

/** Reads a server-sent event stream block by block (comment lines such as keep-alives carry no data). */
export async function* readEvents(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    pending += decoder.decode(value, { stream: true });
    let end = pending.indexOf("\n\n");
    while (end >= 0) {
      const block = pending.slice(0, end);
      pending = pending.slice(end + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? "message";
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (data) yield { event, data: JSON.parse(data) as unknown };
      end = pending.indexOf("\n\n");
    }
  }
}

/**
 * POST /api/articles/generate-ollama with progress: the server streams "progress" events, then
 * "result" or "error". Aborting `signal` (Cancel) closes the stream, which stops the model call.
 */
export async function generateArticle(
  input: GenerateArticleInput,
  options: { signal: AbortSignal; onProgress: (progress: GenerationProgress) => void },
): Promise<GenerateArticleResponse> {
  const token = readStoredToken();
  const headers = new Headers({ "content-type": "application/json", accept: "text/event-stream" });
  if (token) headers.set("authorization", `Bearer ${token}`);
  const response = await fetch("/api/articles/generate-ollama", {
    method: "POST",
    headers,
    body: JSON.stringify(input),
    signal: options.signal,
  });
  if (response.status === 401 && token) handleUnauthorized();
  if (!response.ok || !response.body) {
    const error = (await response.json().catch(() => ({}))) as {
      error?: string;
      message?: string;
      code?: string;
    };
    throw new ApiError(
      response.status,
      error.error ?? error.message ?? "Failed to generate article",
      error.code,
    );
  }
  for await (const { event, data } of readEvents(response.body)) {
    if (event === "progress") options.onProgress(data as GenerationProgress);
    if (event === "result") return data as GenerateArticleResponse;
    if (event === "error") {
      const failure = data as { error?: string; code?: string; status?: number };
      throw new ApiError(
        failure.status ?? 500,
        failure.error ?? "Failed to generate article",
        failure.code,
      );
    }
  }
  throw new ApiError(502, "The generation stopped before it finished", "stream_ended");
}

export function useSaveGeneratedDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ generationId, body }: { generationId: number; body: SaveGeneratedDraftInput }) =>
      api.post<ArticleResponse>(`/ollama/generations/${generationId}/draft`, body),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: articleKeys.all });
      queryClient.invalidateQueries({ queryKey: writerKeys.status });
      queryClient.invalidateQueries({ queryKey: writerKeys.log });
    },
  });
}
