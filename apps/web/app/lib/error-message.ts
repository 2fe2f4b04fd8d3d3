import { ApiError } from "./api-client";

/**
 * The text to show for a failed call: the server's error field when it sent one (spec point 8:
 * "the server error field is used first"), else the screen's own message.
 */
export function errorMessage(caught: unknown, fallback: string): string {
  return caught instanceof ApiError && caught.code ? caught.message : fallback;
}
