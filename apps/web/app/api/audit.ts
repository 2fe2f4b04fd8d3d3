import type { AuditEntry, AuditLogResponse } from "@aurumwire/shared/audit";
import type { UserListResponse } from "@aurumwire/shared/user-management";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../lib/api-client";

export interface AuditFilter {
  actor?: number;
  action?: string;
  from?: string;
  to?: string;
  page: number;
}

/** The audit log (admins only, decision 203). */
export function useAuditLog(filter: AuditFilter) {
  const params = new URLSearchParams({ page: String(filter.page) });
  if (filter.actor) params.set("actor", String(filter.actor));
  if (filter.action) params.set("action", filter.action);
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  return useQuery({
    queryKey: ["audit-log", params.toString()],
    queryFn: () => api.get<AuditLogResponse>(`/audit-log?${params}`),
    placeholderData: keepPreviousData,
  });
}

/** One article's audit entries, for its history beside the revisions. */
export function useArticleAudit(articleId: number, enabled: boolean) {
  return useQuery({
    queryKey: ["audit-log", "article", articleId],
    queryFn: async () =>
      (await api.get<{ entries: AuditEntry[] }>(`/audit-log/articles/${articleId}`)).entries,
    enabled,
  });
}

/** The people the log can be filtered by: the first 100 accounts, staff first in the screen. */
export function useAuditPeople() {
  return useQuery({
    queryKey: ["audit-log", "people"],
    queryFn: async () => (await api.get<UserListResponse>("/users?page=1&limit=100")).data.users,
  });
}
