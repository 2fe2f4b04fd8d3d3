import { AppError } from "../errors";

/**
 * Upload bodies that do not parse as multipart/form-data (no boundary, a cut-off part, broken part
 * headers): busboy reports them as plain errors, which would otherwise read as our failure.
 */
export function malformedMultipart(field: string): AppError {
  return new AppError(
    400,
    "malformed_upload",
    `The upload could not be read as multipart/form-data. Send the image in the form field '${field}'.`,
    { [field]: "The upload was incomplete or malformed" },
  );
}

/** Errors of @fastify/multipart that this module does not map itself are the request's fault. */
export function isMultipartParseError(error: unknown): boolean {
  if (error instanceof AppError) return false;
  const code = (error as { code?: unknown }).code;
  // Fastify's own multipart codes (FST_*) are specific and mapped by the routes; everything else
  // thrown while reading parts comes from the parser.
  return typeof code !== "string" || code === "FST_INVALID_MULTIPART_CONTENT_TYPE";
}
