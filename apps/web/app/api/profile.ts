import type { AuthResponse, ProfileUpdate } from "@aurumwire/shared/users";
import { useMutation } from "@tanstack/react-query";
import { api } from "../lib/api-client";
import { useAuth } from "../lib/auth-context";

/** The signed-in account's own details and password (PUT /auth/profile); the answer signs in anew. */
export function useUpdateProfile() {
  const { acceptAuthResponse } = useAuth();
  return useMutation({
    mutationFn: (changes: ProfileUpdate) => api.put<AuthResponse>("/auth/profile", changes),
    onSuccess: acceptAuthResponse,
  });
}

/** A new confirmation link for a reader's unconfirmed e-mail address (decision 124). */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => api.post<{ message: string }>("/auth/verify-email/resend"),
  });
}
