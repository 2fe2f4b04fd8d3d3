import type {
  LiveCoverage,
  LiveUpdateInput,
  LiveUpdatesResponse,
} from "@aurumwire/shared/live-coverage";
import type { LiveUpdateView } from "@aurumwire/shared/realtime-events";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../lib/api-client";

/** The newsroom's live-coverage calls (decision 234): the coverage, start / end, updates. */

export const liveCoverageKeys = {
  detail: (articleId: number) => ["live-coverage", articleId] as const,
};

/** The coverage and its updates, newest first (the readers' list: published articles only). */
export function useLiveCoverage(articleId: number, enabled: boolean) {
  return useQuery({
    queryKey: liveCoverageKeys.detail(articleId),
    queryFn: () => api.get<LiveUpdatesResponse>(`/articles/${articleId}/live-updates`),
    enabled,
    staleTime: 0,
  });
}

function useRefresh(articleId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: liveCoverageKeys.detail(articleId) });
}

export function useSetLive(articleId: number) {
  const refresh = useRefresh(articleId);
  return useMutation({
    mutationFn: async (live: boolean) =>
      (await api.post<{ coverage: LiveCoverage }>(`/articles/${articleId}/live`, { live }))
        .coverage,
    onSuccess: refresh,
  });
}

/** Posts a new update, or corrects one when `updateId` is given. */
export function useSaveLiveUpdate(articleId: number) {
  const refresh = useRefresh(articleId);
  return useMutation({
    mutationFn: async ({ updateId, body }: { updateId?: number; body: LiveUpdateInput }) => {
      const path = `/articles/${articleId}/live-updates`;
      const response = updateId
        ? await api.put<{ update: LiveUpdateView }>(`${path}/${updateId}`, body)
        : await api.post<{ update: LiveUpdateView }>(path, body);
      return response.update;
    },
    onSuccess: refresh,
  });
}

export function useDeleteLiveUpdate(articleId: number) {
  const refresh = useRefresh(articleId);
  return useMutation({
    mutationFn: (updateId: number) =>
      api.delete<void>(`/articles/${articleId}/live-updates/${updateId}`),
    onSuccess: refresh,
  });
}
