import type { SiteSettings, SiteSettingsUpdate } from "@aurumwire/shared/site-settings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../lib/api-client";

export const siteSettingsKey = ["site-settings"] as const;

export function useSiteSettings() {
  return useQuery({
    queryKey: siteSettingsKey,
    queryFn: async () => (await api.get<{ data: SiteSettings }>("/site-settings")).data,
    staleTime: 0,
  });
}

export function useUpdateSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SiteSettingsUpdate) =>
      (await api.put<{ data: SiteSettings }>("/site-settings", body)).data,
    onSuccess: (data) => queryClient.setQueryData(siteSettingsKey, data),
  });
}
