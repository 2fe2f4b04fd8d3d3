import type { LoginResponse } from "@aurumwire/shared/two-factor";
import type {
  AuthResponse,
  ForgotPasswordRequest,
  OwnerSetupRequest,
  PublicUser,
  RegisterRequest,
  ResetPasswordRequest,
} from "@aurumwire/shared/users";
import { api } from "../lib/api-client";

/**
 * Signing in and out of an account (spec point 4; decisions 200-202). Plain calls rather than
 * hooks: the auth context keeps their results, and the login, sign-up and password pages await
 * them in their forms. A wrong password is a 401 that must not end a session.
 */
type Message = { message: string };

export function readOwnProfile() {
  return api.get<{ user: PublicUser }>("/auth/profile");
}

export function logIn(email: string, password: string) {
  return api.post<LoginResponse>("/auth/login", { email, password }, { allowUnauthorized: true });
}

export function verifyTwoFactorCode(challenge: string, code: string) {
  return api.post<AuthResponse>(
    "/auth/2fa/verify",
    { challenge, code },
    { allowUnauthorized: true },
  );
}

/** Ends this session on the server (decision 200); the browser forgets it either way. */
export function logOut() {
  return api.post<void>("/auth/logout", undefined, { allowUnauthorized: true });
}

export function register(input: RegisterRequest) {
  return api.post<Message>("/auth/register", input);
}

/** The one-time owner account of an install without demo accounts. */
export function setUpOwner(account: OwnerSetupRequest) {
  return api.post<AuthResponse>("/auth/setup", account);
}

/** "Forgot password?" (decision 201): the same answer whether or not the address has an account. */
export function requestPasswordReset(body: ForgotPasswordRequest) {
  return api.post<Message>("/auth/forgot-password", body);
}

export function resetPassword(body: ResetPasswordRequest) {
  return api.post<Message>("/auth/reset-password", body);
}
