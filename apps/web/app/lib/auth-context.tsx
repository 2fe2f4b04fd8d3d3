import { storageKeys } from "@aurumwire/shared/limits";
import type { AuthResponse, PublicUser, RegisterRequest } from "@aurumwire/shared/users";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import {
  logIn,
  logOut,
  readOwnProfile,
  register as registerAccount,
  verifyTwoFactorCode,
} from "../api/auth";

type AuthState =
  | { status: "loading"; user: null; token: null }
  | { status: "signed-out"; user: null; token: null }
  | { status: "signed-in"; user: PublicUser; token: string };

/**
 * A right password: signed in (told to enrol when the site requires two-factor of this staff
 * account), or the code step of two-factor sign-in (decision 202).
 */
export type LoginOutcome =
  | { status: "signed-in"; user: PublicUser; twoFactorSetupRequired: boolean }
  | { status: "code-required"; challenge: string };

interface AuthContextValue {
  status: AuthState["status"];
  user: PublicUser | null;
  token: string | null;
  login(email: string, password: string): Promise<LoginOutcome>;
  /** The code step: the challenge of the password step and a code (or a recovery code). */
  verifyTwoFactor(challenge: string, code: string): Promise<PublicUser>;
  /** Sign-up: the server's one answer, whether or not the address has an account (276). */
  register(input: RegisterRequest): Promise<{ message: string }>;
  logout(): void;
  /** After a profile change: keep the fresh user (and token) the server answered. */
  acceptAuthResponse(response: AuthResponse): void;
  /**
   * Reads the signed-in user again from the server (GET /auth/profile), for changes made
   * elsewhere, such as the address confirmed from the sign-up mail in another tab.
   */
  refreshUser(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

const loading: AuthState = { status: "loading", user: null, token: null };
const signedOut: AuthState = { status: "signed-out", user: null, token: null };

function readStoredAuth(): AuthState {
  const token = window.localStorage.getItem(storageKeys.token);
  const rawUser = window.localStorage.getItem(storageKeys.user);
  if (!token || !rawUser) return signedOut;
  try {
    const user = JSON.parse(rawUser) as PublicUser;
    if (!user || typeof user !== "object" || typeof user.id !== "number" || !user.role) {
      throw new Error("corrupt user");
    }
    return { status: "signed-in", user, token };
  } catch {
    // Spec point 4: a corrupt stored user clears both.
    window.localStorage.removeItem(storageKeys.token);
    window.localStorage.removeItem(storageKeys.user);
    return signedOut;
  }
}

function store(response: AuthResponse) {
  window.localStorage.setItem(storageKeys.token, response.token);
  window.localStorage.setItem(storageKeys.user, JSON.stringify(response.user));
}

/**
 * Auth state lives in the browser (token and user in local storage), so the server renders every
 * page signed-out-neutral ("loading") and the browser restores the session after hydration.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(loading);

  useEffect(() => {
    setState(readStoredAuth());
    const onSignedOut = () => setState(signedOut);
    const onStorage = (event: StorageEvent) => {
      if (event.key === storageKeys.token || event.key === storageKeys.user || event.key === null) {
        setState(readStoredAuth());
      }
    };
    window.addEventListener("aurumwire:signed-out", onSignedOut);
    window.addEventListener("storage", onStorage);
    return () => {
      window.removeEventListener("aurumwire:signed-out", onSignedOut);
      window.removeEventListener("storage", onStorage);
    };
  }, []);

  const acceptAuthResponse = useCallback((response: AuthResponse) => {
    store(response);
    setState({ status: "signed-in", user: response.user, token: response.token });
  }, []);

  const refreshUser = useCallback(async () => {
    const token = window.localStorage.getItem(storageKeys.token);
    if (!token) return;
    const { user } = await readOwnProfile();
    // Signed out (or in as someone else) meanwhile: keep what is stored now.
    if (window.localStorage.getItem(storageKeys.token) !== token) return;
    acceptAuthResponse({ token, user });
  }, [acceptAuthResponse]);

  const login = useCallback(
    async (email: string, password: string): Promise<LoginOutcome> => {
      const response = await logIn(email, password);
      if ("twoFactorRequired" in response) {
        return { status: "code-required", challenge: response.challenge };
      }
      acceptAuthResponse(response);
      return {
        status: "signed-in",
        user: response.user,
        twoFactorSetupRequired: response.twoFactorSetupRequired === true,
      };
    },
    [acceptAuthResponse],
  );

  const verifyTwoFactor = useCallback(
    async (challenge: string, code: string) => {
      const response = await verifyTwoFactorCode(challenge, code);
      acceptAuthResponse(response);
      return response.user;
    },
    [acceptAuthResponse],
  );

  const register = useCallback((input: RegisterRequest) => registerAccount(input), []);

  const logout = useCallback(() => {
    // Ends the session on the server too (decision 200); the browser forgets it either way.
    if (window.localStorage.getItem(storageKeys.token)) {
      logOut().catch((caught) => console.warn("logout request failed", caught));
    }
    window.localStorage.removeItem(storageKeys.token);
    window.localStorage.removeItem(storageKeys.user);
    setState(signedOut);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      user: state.user,
      token: state.token,
      login,
      verifyTwoFactor,
      register,
      logout,
      acceptAuthResponse,
      refreshUser,
    }),
    [state, login, verifyTwoFactor, register, logout, acceptAuthResponse, refreshUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}
