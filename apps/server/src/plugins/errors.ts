import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../errors";

function fieldName(instancePath: string | undefined, fallback: string): string {
  const path = (instancePath ?? "").replace(/^\//, "").replace(/\//g, ".");
  return path || fallback;
}

/** One error handler for the whole API: stable codes, readable messages, no internals on 5xx. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
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
      request.log.error({ err: error }, "unhandled error");
      return reply
        .status(500)
        .send({ error: "Something went wrong on our side. Please try again.", code: "internal" });
    });
  },
  { name: "errors" },
);
