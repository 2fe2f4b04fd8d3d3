import type { ApiKeyPermission } from "@aurumwire/shared/api-keys";
import { errorResponseSchema } from "@aurumwire/shared/errors";
import { z } from "zod";

/** A route of the /public scope as Fastify registered it: the input of the document. */
export interface DocumentedRoute {
  method: string;
  url: string;
  schema?: {
    params?: unknown;
    querystring?: unknown;
    body?: unknown;
    response?: Record<string | number, unknown>;
  };
  config?: {
    apiKeyPermission?: ApiKeyPermission;
    docs?: PublicRouteDocs;
  };
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** How a public API route appears in /public/openapi.json and /public/docs. */
    docs?: PublicRouteDocs;
  }
}

export interface PublicRouteDocs {
  summary: string;
  description?: string;
  tag: string;
  /**
   * Documents a partial-update body, whose validating schema (a transform) cannot show its fields;
   * defaults are left out, as absent fields keep their stored values.
   */
  body?: z.ZodType;
}

type JsonSchema = Record<string, unknown>;

const statusText: Record<string, string> = {
  "200": "OK",
  "201": "Created",
  "400": "The request is not valid; `fields` says which input is wrong",
  "401": "The API key is missing, unknown, revoked or expired, or its owner was deactivated",
  "403": "The API key lacks the permission this route needs",
  "404": "Not found",
  "429": "More than the allowed requests per minute for this key; wait for Retry-After seconds",
};

function isZodSchema(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

/** JSON Schema of a zod schema, without noise that helps no reader (regexes behind formats). */
export function toJsonSchema(schema: unknown, io: "input" | "output"): JsonSchema {
  if (!isZodSchema(schema)) return {};
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  delete json.$schema;
  return tidy(json) as JsonSchema;
}

function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (!value || typeof value !== "object") return value;
  const entries = Object.entries(value as JsonSchema)
    .filter(([key, item]) => {
      if (key === "pattern" && "format" in (value as JsonSchema)) return false;
      if ((key === "maximum" || key === "minimum") && Math.abs(Number(item)) >= 2 ** 53 - 1) {
        return false;
      }
      return true;
    })
    .map(([key, item]) => [key, tidy(item)]);
  return Object.fromEntries(entries);
}

function withoutDefaults(schema: JsonSchema): JsonSchema {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return {
    ...schema,
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, { default: _ignored, ...rest }]) => [name, rest]),
    ),
  };
}

function parametersOf(schema: unknown, location: "path" | "query") {
  const json = toJsonSchema(schema, "input");
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: location,
      required: location === "path" || (required.has(name) && !("default" in property)),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

const rateLimitResponseHeaders = {
  "RateLimit-Limit": { description: "Requests allowed per window", schema: { type: "integer" } },
  "RateLimit-Remaining": {
    description: "Requests left in the current window",
    schema: { type: "integer" },
  },
  "RateLimit-Reset": {
    description: "Seconds until the window resets",
    schema: { type: "integer" },
  },
};

/**
 * The OpenAPI 3.1 document of the public API, built from the zod schemas the routes validate and
 * serialize with, so the document cannot drift from what the server does.
 */
export function buildOpenApiDocument(
  routes: DocumentedRoute[],
  info: { title: string; version: string; serverUrl: string; requestsPerMinute: number },
) {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorSchema = toJsonSchema(errorResponseSchema, "output");

  for (const route of routes) {
    const docs = route.config?.docs;
    if (!docs || route.method === "HEAD") continue;
    const path = route.url.replace(/:(\w+)/g, "{$1}");
    const permission = route.config?.apiKeyPermission;
    const responses: Record<string, unknown> = {};
    for (const [status, schema] of Object.entries(route.schema?.response ?? {})) {
      responses[status] = {
        description: statusText[status] ?? "Answer",
        ...(permission ? { headers: rateLimitResponseHeaders } : {}),
        content: { "application/json": { schema: toJsonSchema(schema, "output") } },
      };
    }
    const errorStatuses = [
      ...(route.schema?.body || route.schema?.querystring || route.schema?.params ? ["400"] : []),
      ...(permission ? ["401", "403", "429"] : []),
      ...(route.schema?.params ? ["404"] : []),
    ];
    for (const status of errorStatuses) {
      responses[status] ??= {
        description: statusText[status],
        ...(status === "429"
          ? {
              headers: {
                ...rateLimitResponseHeaders,
                "Retry-After": {
                  description: "Seconds to wait before the next request",
                  schema: { type: "integer" },
                },
              },
            }
          : {}),
        content: { "application/json": { schema: errorSchema } },
      };
    }
    const parameters = [
      ...(route.schema?.params ? parametersOf(route.schema.params, "path") : []),
      ...(route.schema?.querystring ? parametersOf(route.schema.querystring, "query") : []),
    ];
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId: `${route.method.toLowerCase()}${path.replace(/[^a-zA-Z0-9]+(\w)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
      summary: docs.summary,
      description: [
        docs.description,
        permission ? `Requires an API key with the \`${permission}\` permission.` : undefined,
      ]
        .filter(Boolean)
        .join("\n\n"),
      tags: [docs.tag],
      ...(permission
        ? {
            security: [{ ApiKeyHeader: [] }, { BearerApiKey: [] }],
            "x-required-permission": permission,
          }
        : { security: [] }),
      ...(parameters.length ? { parameters } : {}),
      ...(route.schema?.body
        ? {
            requestBody: {
              required: true,
              content: {
                "application/json": {
                  schema: docs.body
                    ? withoutDefaults(toJsonSchema(docs.body, "input"))
                    : toJsonSchema(route.schema.body, "input"),
                },
              },
            },
          }
        : {}),
      responses,
    };
  }

  return {
    openapi: "3.1.0",
    info: {
      title: info.title,
      version: info.version,
      description: [
        "Read and write the site's content from your own systems.",
        "Authenticate with an API key from the dashboard (API Keys), sent as `X-API-Key: <key>` or `Authorization: Bearer <key>`. Each route needs one permission of the key.",
        `Each key may make ${info.requestsPerMinute} requests per minute. Every answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset; over the limit the answer is 429 with Retry-After.`,
        "Errors are JSON: `{ error, code, fields? }`, where `error` is a sentence for people and `code` a stable value for programs.",
      ].join("\n\n"),
    },
    servers: [{ url: info.serverUrl }],
    components: {
      securitySchemes: {
        ApiKeyHeader: { type: "apiKey", in: "header", name: "X-API-Key" },
        BearerApiKey: { type: "http", scheme: "bearer", bearerFormat: "API key" },
      },
    },
    paths,
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
