import type { OpenApiDocument } from "./openapi";

type JsonSchema = Record<string, unknown>;

const escapeHtml = (text: unknown) =>
  String(text ?? "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

/** `code` spans and paragraphs from the little Markdown the descriptions use. */
function prose(text: string | undefined) {
  if (!text) return "";
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/`([^`]+)`/g, "<code>$1</code>")}</p>`)
    .join("");
}

function typeLabel(schema: JsonSchema): string {
  if (Array.isArray(schema.anyOf)) {
    return (schema.anyOf as JsonSchema[]).map(typeLabel).join(" or ");
  }
  if (Array.isArray(schema.enum)) {
    return `one of ${(schema.enum as unknown[]).map((value) => JSON.stringify(value)).join(", ")}`;
  }
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.type === "array") {
    return `list of ${typeLabel((schema.items as JsonSchema | undefined) ?? {})}`;
  }
  const type = Array.isArray(schema.type)
    ? schema.type.join(" or ")
    : typeof schema.type === "string"
      ? schema.type
      : "any";
  return schema.format ? `${type} (${schema.format})` : type;
}

function constraints(schema: JsonSchema): string {
  const parts: string[] = [];
  if (schema.minLength !== undefined) parts.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) parts.push(`at most ${schema.maxLength} characters`);
  if (schema.minimum !== undefined) parts.push(`min ${schema.minimum}`);
  if (schema.maximum !== undefined) parts.push(`max ${schema.maximum}`);
  if (schema.minItems !== undefined) parts.push(`at least ${schema.minItems} items`);
  if (schema.maxItems !== undefined) parts.push(`at most ${schema.maxItems} items`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(", ");
}

/** Fields of an object schema as a nested list; nested objects and lists of objects unfold. */
function fieldList(schema: JsonSchema, depth = 0): string {
  const objectSchema =
    schema.type === "array" ? ((schema.items as JsonSchema | undefined) ?? {}) : schema;
  const properties = objectSchema.properties as Record<string, JsonSchema> | undefined;
  if (!properties || depth > 4) return "";
  const required = new Set((objectSchema.required as string[] | undefined) ?? []);
  const items = Object.entries(properties).map(([name, property]) => {
    const nested = fieldList(
      Array.isArray(property.anyOf)
        ? ((property.anyOf as JsonSchema[]).find((option) => option.type !== "null") ?? property)
        : property,
      depth + 1,
    );
    const limits = constraints(property);
    return `<li><code>${escapeHtml(name)}</code> <span class="type">${escapeHtml(typeLabel(property))}</span>${
      required.has(name) && property.default === undefined
        ? ' <span class="req">required</span>'
        : ""
    }${limits ? ` <span class="limits">${escapeHtml(limits)}</span>` : ""}${
      property.description ? ` — ${escapeHtml(property.description)}` : ""
    }${nested}</li>`;
  });
  return `<ul class="fields">${items.join("")}</ul>`;
}

interface Operation {
  summary: string;
  description: string;
  tags: string[];
  "x-required-permission"?: string;
  parameters?: Array<{
    name: string;
    in: string;
    required: boolean;
    description?: string;
    schema: JsonSchema;
  }>;
  requestBody?: { content: { "application/json": { schema: JsonSchema } } };
  responses: Record<
    string,
    { description: string; content?: { "application/json": { schema: JsonSchema } } }
  >;
}

function curlExample(method: string, url: string, operation: Operation) {
  const lines = [`curl -X ${method.toUpperCase()} "${url}"`];
  if (operation["x-required-permission"]) lines.push(`  -H "X-API-Key: $AURUMWIRE_API_KEY"`);
  if (operation.requestBody) {
    lines.push(`  -H "Content-Type: application/json"`, `  -d @body.json`);
  }
  return lines.join(" \\\n");
}

function renderOperation(serverUrl: string, path: string, method: string, operation: Operation) {
  const id = `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, "-");
  const permission = operation["x-required-permission"];
  const parameters = operation.parameters ?? [];
  const parameterRows = parameters
    .map(
      (parameter) =>
        `<tr><td><code>${escapeHtml(parameter.name)}</code></td><td>${escapeHtml(parameter.in)}</td><td>${escapeHtml(
          typeLabel(parameter.schema),
        )}${parameter.required ? ' <span class="req">required</span>' : ""}</td><td>${escapeHtml(
          [parameter.description, constraints(parameter.schema)].filter(Boolean).join("; "),
        )}</td></tr>`,
    )
    .join("");
  const body = operation.requestBody?.content["application/json"].schema;
  const responses = Object.entries(operation.responses)
    .map(([status, response]) => {
      const schema = response.content?.["application/json"].schema;
      return `<details${status.startsWith("2") ? " open" : ""}><summary><span class="status s${status[0]}">${escapeHtml(
        status,
      )}</span> ${escapeHtml(response.description)}</summary>${schema ? fieldList(schema) : ""}</details>`;
    })
    .join("");
  return `<section class="op" id="${id}">
<h3><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code></h3>
<p class="summary">${escapeHtml(operation.summary)}${permission ? ` <span class="perm">${escapeHtml(permission)}</span>` : ""}</p>
${prose(operation.description)}
${parameters.length ? `<h4>Parameters</h4><table><thead><tr><th>name</th><th>in</th><th>type</th><th>notes</th></tr></thead><tbody>${parameterRows}</tbody></table>` : ""}
${body ? `<h4>Request body (JSON)</h4>${fieldList(body)}` : ""}
<h4>Responses</h4>${responses}
<h4>Example</h4><pre>${escapeHtml(curlExample(method, `${serverUrl}${path}`, operation))}</pre>
</section>`;
}

/** Readable documentation of the public API, rendered from the same OpenAPI document. */
export function renderDocsPage(document: OpenApiDocument): string {
  const serverUrl = document.servers[0]?.url ?? "";
  const byTag = new Map<string, string[]>();
  const toc: string[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const operation = raw as Operation;
      const tag = operation.tags[0] ?? "Other";
      const list = byTag.get(tag) ?? [];
      list.push(renderOperation(serverUrl, path, method, operation));
      byTag.set(tag, list);
      const id = `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, "-");
      toc.push(
        `<li><a href="#${id}"><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> ${escapeHtml(path)}</a></li>`,
      );
    }
  }
  const sections = [...byTag.entries()]
    .map(([tag, operations]) => `<h2>${escapeHtml(tag)}</h2>${operations.join("")}`)
    .join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)}</title>
<style>
:root { color-scheme: dark; }
body { margin: 0; font: 15px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; background: #0d0d0f; color: #e8e6e1; }
main { max-width: 980px; margin: 0 auto; padding: 32px 20px 80px; }
h1 { color: #ffd700; margin: 0 0 4px; } h2 { color: #ffd700; border-bottom: 1px solid #333; padding-bottom: 6px; margin-top: 48px; }
h3 { margin: 0 0 6px; font-size: 17px; } h4 { margin: 18px 0 6px; font-size: 13px; text-transform: uppercase; letter-spacing: .06em; color: #b9b4a8; }
a { color: #ffd700; } code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; background: #1d1d21; padding: 1px 5px; border-radius: 4px; }
pre { background: #16161a; border: 1px solid #2a2a2f; padding: 12px; border-radius: 6px; overflow-x: auto; font-size: 13px; }
.op { background: #131316; border: 1px solid #26262b; border-radius: 10px; padding: 18px 20px; margin: 18px 0; }
.method { display: inline-block; min-width: 58px; text-align: center; font: 600 12px ui-monospace, monospace; padding: 3px 6px; border-radius: 4px; color: #0d0d0f; }
.get { background: #4fc3f7; } .post { background: #81c784; } .put { background: #ffb74d; } .delete { background: #e57373; }
.perm { font: 12px ui-monospace, monospace; background: #3a3000; color: #ffd700; padding: 2px 8px; border-radius: 10px; margin-left: 6px; }
.summary { font-weight: 600; margin: 0; } .type { color: #9ecbff; } .req { color: #ff8a80; font-size: 12px; } .limits { color: #a5a093; font-size: 13px; }
table { border-collapse: collapse; width: 100%; font-size: 14px; } th, td { text-align: left; border-bottom: 1px solid #26262b; padding: 6px 8px; vertical-align: top; }
.fields { margin: 4px 0; padding-left: 20px; } .fields li { margin: 2px 0; }
details { margin: 4px 0; } summary { cursor: pointer; } .status { font: 600 12px ui-monospace, monospace; padding: 1px 6px; border-radius: 4px; background: #333; }
.s2 { background: #1b5e20; } .s4 { background: #5d2a2a; }
.toc { columns: 2; padding-left: 18px; } .toc a { text-decoration: none; color: inherit; }
</style>
</head>
<body><main>
<h1>${escapeHtml(document.info.title)}</h1>
<p>Version ${escapeHtml(document.info.version)} · Base URL <code>${escapeHtml(serverUrl)}</code> · Machine-readable: <a href="openapi.json">openapi.json</a></p>
${prose(document.info.description)}
<h2>Routes</h2>
<ul class="toc">${toc.join("")}</ul>
${sections}
</main></body>
</html>`;
}
