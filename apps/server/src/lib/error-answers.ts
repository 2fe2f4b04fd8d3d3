import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../errors";

function fieldName(instancePath: string | undefined, fallback: string): string {
  const path = (instancePath ?? "").replace(/^\//, "").replace(/\//g, ".");
  return path || fallback;
}

/**
 * The SQLSTATE of a database error, looked up through wrappers (Drizzle puts the driver's error in
 * `cause`).
 */
function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The one error handler for the whole API (registered by plugins/errors.ts): stable codes,
 * readable messages, no internals on 5xx.
 */
export function answerError(
  error: FastifyError | AppError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof AppError) {
    if (error.retryAfterSeconds) reply.header("retry-after", String(error.retryAfterSeconds));
    return reply.status(error.statusCode).send({
      error: error.message,
      code: error.code,
      ...(error.fields ? { fields: error.fields } : {}),
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    const where = (error as { validationContext?: string }).validationContext ?? "body";
    for (const issue of error.validation) {
      const name = fieldName(issue.instancePath, where);
      fields[name] ??= issue.message ?? "Invalid value";
    }
    const first = Object.values(fields)[0];
    return reply.status(400).send({
      error: first ? `Please check your input: ${first}` : "Please check your input.",
      code: "validation_failed",
      fields,
    });
  }
  const status = error.statusCode ?? 500;
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE" || status === 413) {
    return reply
      .status(413)
      .send({ error: "The request is too large.", code: "payload_too_large" });
  }
  if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE" || status === 415) {
    return reply.status(415).send({
      error: "This content type is not supported here. Send JSON.",
      code: "unsupported_media_type",
    });
  }
  if (
    error.code === "FST_ERR_CTP_EMPTY_JSON_BODY" ||
    error.code === "FST_ERR_CTP_INVALID_JSON_BODY" ||
    error instanceof SyntaxError
  ) {
    return reply
      .status(400)
      .send({ error: "The request body is not valid JSON.", code: "invalid_json" });
  }
  if (status === 429) {
    return reply.status(429).send({
      error: error.message || "Too many requests. Please slow down.",
      code: "rate_limited",
    });
  }
  if (status >= 400 && status < 500) {
    return reply
      .status(status)
      .send({ error: error.message || "Bad request.", code: "bad_request" });
  }
  // Class 22 is "data exception": a value the database cannot take (an integer past int4, a NUL
  // character, malformed text for a type). The schemas should stop these first; this is the net
  // under them, so bad input never reads as our failure.
  if (sqlState(error)?.startsWith("22")) {
    request.log.warn({ err: error }, "database refused a value from the request");
    return reply.status(400).send({
      error:
        "A value in your request is out of range or contains characters that cannot be stored. Please check your input.",
      code: "invalid_input",
    });
  }
  request.log.error({ err: error }, "unhandled error");
  return reply
    .status(500)
    .send({ error: "Something went wrong on our side. Please try again.", code: "internal" });
}
