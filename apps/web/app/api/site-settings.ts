import type {
  ContactDetails,
  ContactDetailsInput,
  SecuritySettings,
  SecuritySettingsUpdate,
  SiteSettings,
  SiteSettingsUpdate,
  WriterStyleGuide,
  WriterStyleGuideUpdate,
} from "@aurumwire/shared/site-settings";
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

export const writerStyleGuideKey = ["site-settings", "writer-style-guide"] as const;

/** The AI writer's style guide (staff read it; admins change it). */
export function useWriterStyleGuide() {
  return useQuery({
    queryKey: writerStyleGuideKey,
    queryFn: async () =>
      (await api.get<{ data: WriterStyleGuide }>("/site-settings/writer-style-guide")).data,
  });
}

export function useUpdateWriterStyleGuide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WriterStyleGuideUpdate) =>
      (await api.put<{ data: WriterStyleGuide }>("/site-settings/writer-style-guide", body)).data,
    onSuccess: (data) => queryClient.setQueryData(writerStyleGuideKey, data),
  });
}

export const contactDetailsKey = ["site-settings", "contact-details"] as const;

/** The contribution address and contact e-mail (admins only). */
export function useContactDetails() {
  return useQuery({
    queryKey: contactDetailsKey,
    queryFn: async () =>
      (await api.get<{ data: ContactDetails }>("/site-settings/contact-details")).data,
  });
}

export function useUpdateContactDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ContactDetailsInput) =>
      (await api.put<{ data: ContactDetails }>("/site-settings/contact-details", body)).data,
    onSuccess: (data) => queryClient.setQueryData(contactDetailsKey, data),
  });
}

export const securitySettingsKey = ["site-settings", "security"] as const;

/** "Require two-factor for all staff" (admins only, decision 202). */
export function useSecuritySettings() {
  return useQuery({
    queryKey: securitySettingsKey,
    queryFn: async () =>
      (await api.get<{ data: SecuritySettings }>("/site-settings/security")).data,
  });
}

export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SecuritySettingsUpdate) =>
      (await api.put<{ data: SecuritySettings }>("/site-settings/security", body)).data,
    onSuccess: (data) => queryClient.setQueryData(securitySettingsKey, data),
  });
}
