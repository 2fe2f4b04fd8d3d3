import type {
  AiImageService,
  BulkImageResult,
  GenerateImageResponse,
  ImageProvider,
  ImageServiceStatus,
} from "@aurumwire/shared/ai-images";
import { imageMessages, imageServiceDefaults } from "@aurumwire/shared/ai-images";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../lib/api-client";
import { articleKeys } from "./admin-articles";

/** The AI image calls: service status, one article's image, bulk batches. */

export const imageKeys = {
  status: (service: AiImageService) => ["ai-images", "status", service] as const,
  batch: (id: number) => ["ai-images", "batch", id] as const,
  batches: ["ai-images", "batches"] as const,
};

/** Spec point 8: a status call that fails reads as not configured, 'Service unavailable'. */
function unavailable(service: AiImageService): ImageServiceStatus {
  return {
    ...imageServiceDefaults[service],
    configured: false,
    message: imageMessages.unavailable,
  };
}

export function useImageServiceStatus(service: AiImageService) {
  return useQuery({
    queryKey: imageKeys.status(service),
    queryFn: () =>
      api.get<ImageServiceStatus>(`/${service}/status`).catch(() => unavailable(service)),
    staleTime: 60_000,
  });
}

/** One article's image by the first configured service (or the branded cover). */
export function generateArticleImage(
  articleId: number,
  provider?: ImageProvider,
  signal?: AbortSignal,
) {
  return api.post<GenerateImageResponse>(
    `/articles/${articleId}/generate-image${provider ? `?provider=${provider}` : ""}`,
    undefined,
    { signal },
  );
}

export function useGenerateImage(articleId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    // Aborting the call (Cancel) closes the connection, which cancels the service call on the server.
    mutationFn: (input: { provider?: ImageProvider; signal?: AbortSignal }) =>
      generateArticleImage(articleId ?? 0, input.provider, input.signal),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: articleKeys.all });
      queryClient.invalidateQueries({ queryKey: ["ai-images", "status"] });
    },
  });
}

export function useStartBulkImages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { service: AiImageService; articleIds: number[] }) =>
      api.post<BulkImageResult>(`/${input.service}/bulk-generate`, {
        articleIds: input.articleIds,
      }),
    onSuccess: (result) => {
      queryClient.setQueryData(imageKeys.batch(result.batchId), result);
      queryClient.invalidateQueries({ queryKey: imageKeys.batches });
    },
  });
}

/** One batch, polled every 2 s while it runs. */
export function useImageBatch(batchId: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: imageKeys.batch(batchId ?? 0),
    queryFn: async () => {
      const batch = await api.get<BulkImageResult>(`/image-batches/${batchId}`);
      if (batch.status !== "running") {
        queryClient.invalidateQueries({ queryKey: articleKeys.all });
        queryClient.invalidateQueries({ queryKey: imageKeys.batches });
      }
      return batch;
    },
    enabled: batchId !== null,
    refetchInterval: (query) => (query.state.data?.status === "running" ? 2000 : false),
  });
}

export function useImageBatches(enabled: boolean) {
  return useQuery({
    queryKey: imageKeys.batches,
    queryFn: () => api.get<{ batches: BulkImageResult[] }>("/image-batches"),
    enabled,
  });
}

export function useCancelImageBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batchId: number) => api.post<BulkImageResult>(`/image-batches/${batchId}/cancel`),
    onSuccess: (result) => queryClient.setQueryData(imageKeys.batch(result.batchId), result),
  });
}
