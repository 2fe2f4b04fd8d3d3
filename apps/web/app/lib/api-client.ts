import { storageKeys } from "@aurumwire/shared/limits";
import { loginPathFor } from "./sign-in-redirect";

/** An API answer that was not 2xx; `message` is the server's sentence for people. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly code?: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function readStoredToken(): string | null {
  if (typeof window === "undefined") return null;
  return window.localStorage.getItem(storageKeys.token);
}

/**
 * Spec point 4: any 401 removes token and user and goes to /login, which brings the reader back
 * to this page after signing in (`?redirect=`). Listeners of "aurumwire:signed-out" (the article
 * editor keeps its unsaved form) run before the page is left.
 */
export function handleUnauthorized() {
  window.localStorage.removeItem(storageKeys.token);
  window.localStorage.removeItem(storageKeys.user);
  window.dispatchEvent(new Event("aurumwire:signed-out"));
  if (window.location.pathname !== "/login") {
    window.location.assign(loginPathFor(window.location.pathname + window.location.search));
  }
}

type RequestOptions = Omit<RequestInit, "body"> & {
  body?: unknown;
  /** Do not treat a 401 as "session over" (the login form itself answers 401 for a wrong password). */
  allowUnauthorized?: boolean;
};

/**
 * The browser's one way to call /api: JSON by default, the bearer token from local storage when
 * present, errors turned into ApiError with the server's message.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { body, allowUnauthorized, headers, ...init } = options;
  const token = readStoredToken();
  const finalHeaders = new Headers(headers);
  if (token && !finalHeaders.has("authorization"))
    finalHeaders.set("authorization", `Bearer ${token}`);
  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof Blob) payload = body;
  else if (body !== undefined) {
    finalHeaders.set("content-type", "application/json");
    payload = JSON.stringify(body);
  }
  const response = await fetch(`/api${path}`, { ...init, headers: finalHeaders, body: payload });
  if (response.status === 401 && token && !allowUnauthorized) handleUnauthorized();
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: fall through with the status
  }
  if (!response.ok) {
    const error = (data ?? {}) as {
      error?: string;
      message?: string;
      code?: string;
      fields?: Record<string, string>;
    };
    throw new ApiError(
      response.status,
      error.error ?? error.message ?? `Request failed (${response.status})`,
      error.code,
      error.fields,
    );
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: "GET" }),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: "POST", body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: "PUT", body }),
  delete: <T>(path: string, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: "DELETE" }),
};
