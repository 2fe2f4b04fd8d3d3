/**
 * The one error type. Services throw it; the error handler turns it into
 * `{ error, code, fields? }` with its status. Messages are written for people.
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly fields?: Record<string, string>,
    /** For 429 answers: sent as Retry-After. */
    public readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, "validation_failed", message, fields);
export const unauthorized = (message = "Please sign in to continue.", code = "unauthorized") =>
  new AppError(401, code, message);
export const forbidden = (message: string, code = "forbidden") => new AppError(403, code, message);
export const notFound = (message: string, code = "not_found") => new AppError(404, code, message);
export const conflict = (message: string, code = "conflict", fields?: Record<string, string>) =>
  new AppError(409, code, message, fields);
export const tooManyRequests = (message: string, code: string, retryAfterSeconds: number) =>
  new AppError(429, code, message, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));
