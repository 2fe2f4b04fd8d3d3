import { ApiError } from "./api-client";

/**
 * The sentence to show when a call fails: the spec's message for the screen, followed by the
 * server's reason when it gave one people can act on (a 4xx with a message).
 */
export function errorText(generic: string, error: unknown): string {
  if (error instanceof ApiError && error.status < 500 && error.message) {
    return `${generic}: ${error.message}`;
  }
  return generic;
}

/** The message of what was thrown (for a refused call, the server's sentence), else `fallback`. */
export function messageOf(caught: unknown, fallback: string): string {
  return caught instanceof Error && caught.message ? caught.message : fallback;
}

/** The server's own message when it sent one, else the spec's fallback. */
export function serverMessageOr(fallback: string, error: unknown): string {
  if (error instanceof ApiError && error.status < 500 && error.message) return error.message;
  return fallback;
}

/**
 * The server's error field first, whatever the status (spec point 8 for Users and API keys: "the
 * server error field is used first"), else the screen's own message.
 */
export function errorMessage(caught: unknown, fallback: string): string {
  return caught instanceof ApiError && caught.code ? caught.message : fallback;
}
