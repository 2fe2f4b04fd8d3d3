import type { SubscriberListResponse, SubscriberStatus } from "@aurumwire/shared/newsletter";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, readStoredToken } from "../lib/api-client";

/**
 * The Subscribers screen's calls (admins; decision 122). The reader's own call is in newsletter.ts:
 * the newsletter box on every reading page imports that one, and these hooks would bring TanStack
 * Query's useQuery and useMutation (~4 KB gzipped) with it (issue 35).
 */
export function useSubscribers(query: {
  page: number;
  limit: number;
  search: string;
  status: SubscriberStatus | "";
}) {
  const params = new URLSearchParams({ page: String(query.page), limit: String(query.limit) });
  if (query.search) params.set("search", query.search);
  if (query.status) params.set("status", query.status);
  return useQuery({
    queryKey: ["newsletter", "subscribers", query],
    queryFn: () => api.get<SubscriberListResponse>(`/newsletter/subscribers?${params}`),
    placeholderData: keepPreviousData,
  });
}

export function useRemoveSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/newsletter/subscribers/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["newsletter"] }),
  });
}

export function useSaveDigestHour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (digestHour: number) => api.put("/newsletter/settings", { digestHour }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["newsletter"] }),
  });
}

/** The CSV export needs the bearer token, so it is fetched and handed to the browser as a file. */
export async function downloadSubscribersCsv(): Promise<void> {
  const token = readStoredToken();
  const response = await fetch("/api/newsletter/subscribers/export", {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error("Failed to export subscribers");
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = `newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}
