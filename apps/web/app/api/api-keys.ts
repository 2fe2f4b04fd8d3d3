import type {
  ApiKeyListResponse,
  ApiKeyResponse,
  ApiKeyView,
  CreateApiKeyInput,
  CreatedApiKeyResponse,
  UpdateApiKey,
} from "@aurumwire/shared/api-keys";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../lib/api-client";

/** Calls of the API key screen; answers are `{ success, data }` (decision 052). */
const apiKeysKey = ["api-keys"] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysKey,
    queryFn: async () => (await api.get<ApiKeyListResponse>("/api-keys")).data.apiKeys,
  });
}

function useApiKeyMutation<Variables, Result>(call: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

/** The answer holds the full secret: it lives in component state until the reveal closes. */
export function useCreateApiKey() {
  return useApiKeyMutation(
    async (input: CreateApiKeyInput) =>
      (await api.post<CreatedApiKeyResponse>("/api-keys", input)).data,
  );
}

export function useUpdateApiKey() {
  return useApiKeyMutation(
    async ({ id, changes }: { id: number; changes: UpdateApiKey }): Promise<ApiKeyView> =>
      (await api.put<ApiKeyResponse>(`/api-keys/${id}`, changes)).data.apiKey,
  );
}

/** DELETE revokes for good; the key stays listed as revoked (decision 051). */
export function useRevokeApiKey() {
  return useApiKeyMutation(
    async (id: number): Promise<ApiKeyView> =>
      (await api.delete<ApiKeyResponse>(`/api-keys/${id}`)).data.apiKey,
  );
}
