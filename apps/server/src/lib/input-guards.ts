import type { FastifyRequest } from "fastify";
import { AppError, notFound } from "../errors";

/**
 * Input no route can use, refused before any route or the database sees it (registered by
 * plugins/input-guards.ts): PostgreSQL cannot store a NUL character in text (SQLSTATE
 * 22021/22P05), and a path that starts with `//` is read by URL parsers as a host name
 * (`//evil.example`), not as a path of this site.
 */
const encodedNul = /%00/i;

const nulInAddress = () =>
  new AppError(
    400,
    "invalid_characters",
    "The address contains a NUL character (%00), which is never valid here.",
  );

/** The path of the first string with a NUL character in a parsed JSON body, or null. */
function findNul(value: unknown, where: string, depth = 0): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? where : null;
  // JSON bodies are bounded by the body limit; the depth bound keeps a hostile nesting cheap.
  if (value === null || typeof value !== "object" || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findNul(value[index], where ? `${where}.${index}` : String(index), depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const keyPath = where ? `${where}.${key}` : key;
    if (key.includes("\u0000")) return keyPath;
    const found = findNul(item, keyPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

type JsonParser = (
  request: FastifyRequest,
  body: string,
  done: (error: Error | null, body?: unknown) => void,
) => void;

/**
 * Fastify's JSON parser, except that an empty body is no body, whatever its Content-Type: many
 * HTTP clients (and clients made from our OpenAPI document) send `Content-Type: application/json`
 * on every call, also on a DELETE or a POST that carries nothing.
 */
export function parseJsonOrNothing(parseJson: JsonParser): JsonParser {
  return (request, body, done) => {
    if (body.length === 0) done(null, undefined);
    else parseJson(request, body, done);
  };
}

/** An onRequest hook: refuses an address that starts with `//` or carries a NUL character. */
export async function refuseUnusableAddress(request: FastifyRequest) {
  const url = request.raw.url ?? "/";
  if (url.startsWith("//")) {
    throw notFound(
      "There is no page at an address that starts with //. Check the link.",
      "route_not_found",
    );
  }
  if (encodedNul.test(url) || url.includes("\u0000")) throw nulInAddress();
}

/** A preValidation hook: refuses a parsed body with a NUL character in a key or a string. */
export async function refuseNulInBody(request: FastifyRequest) {
  if (request.body === undefined || request.body === null) return;
  const where = findNul(request.body, "");
  if (where === null) return;
  const field = where || "body";
  throw new AppError(
    400,
    "validation_failed",
    `Please check your input: ${field} contains a NUL character (\\u0000), which cannot be stored.`,
    { [field]: "Must not contain a NUL character (\\u0000)" },
  );
}
