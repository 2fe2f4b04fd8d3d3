import { describe, expect, it } from "vitest";
import {
  app,
  callPublic,
  createKey,
  editableId,
  routesByPermission,
  sampleCategoryId,
  usePublicApi,
} from "./public-api-setup";

usePublicApi();

describe("documentation", () => {
  it("publishes an OpenAPI document generated from the routes, without a key", async () => {
    const response = await app.inject({ method: "GET", url: "/public/openapi.json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe("3.1.0");
    expect(document.components.securitySchemes.ApiKeyHeader).toEqual({
      type: "apiKey",
      in: "header",
      name: "X-API-Key",
    });
    for (const route of routesByPermission) {
      const path = route.path;
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${path}`).toBeDefined();
      expect(operation["x-required-permission"]).toBe(route.permission);
      expect(Object.keys(operation.responses)).toEqual(
        expect.arrayContaining([String(route.ok), "401", "403", "429"]),
      );
    }
    const analyticsParams = document.paths["/public/analytics"].get.parameters.map(
      (parameter: { name: string }) => parameter.name,
    );
    expect(analyticsParams).toEqual(["from", "to", "articleId", "limit"]);
    // The update body is documented field by field although it is validated by a transform.
    const updateBody =
      document.paths["/public/articles/{id}"].put.requestBody.content["application/json"].schema;
    expect(Object.keys(updateBody.properties)).toEqual(
      expect.arrayContaining(["title", "excerpt", "content", "categoryId", "status"]),
    );
    expect(updateBody.properties.title.maxLength).toBe(200);
    // Absent fields keep their values, so no defaults are promised.
    expect(updateBody.properties.status.default).toBeUndefined();
    expect(document.paths["/public/openapi.json"]).toBeUndefined();
    // One template per path: '/a/{x}' beside '/a/{y}' is the same path twice (a validator error).
    const shapes = Object.keys(document.paths).map((path) => path.replace(/\{[^}]+\}/g, "{}"));
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it("states every rule of the create body, so a client that follows the document is not refused", async () => {
    const document = (await app.inject({ method: "GET", url: "/public/openapi.json" })).json();
    const body =
      document.paths["/public/articles"].post.requestBody.content["application/json"].schema;
    // The least a client reading the document would send: each required string as short as the
    // document allows (minLength, else one character).
    const payload: Record<string, unknown> = {};
    for (const name of body.required as string[]) {
      const property = body.properties[name];
      payload[name] =
        property.type === "string" ? "a".repeat(property.minLength ?? 1) : sampleCategoryId;
    }
    const { secret } = await createKey(["articles:create"]);
    const created = await callPublic("POST", "/public/articles", secret, { payload });
    expect(created.json().fields ?? {}).toEqual({});
    expect(created.statusCode).toBe(201);
    // Rules the schema checks beyond length are said in words.
    expect(body.properties.content.description).toContain("100 characters of text");
    expect(body.properties.featuredImage.anyOf[0].description).toContain("http(s) URL");
  });

  it("states the create body's rules for the update body too, and an update at those limits is taken", async () => {
    const document = (await app.inject({ method: "GET", url: "/public/openapi.json" })).json();
    const create =
      document.paths["/public/articles"].post.requestBody.content["application/json"].schema;
    const update =
      document.paths["/public/articles/{id}"].put.requestBody.content["application/json"].schema;
    // Every field may be left out of an update, and each one it names has the create body's rules.
    expect(update.required ?? []).toEqual([]);
    expect(Object.keys(update.properties).sort()).toEqual(Object.keys(create.properties).sort());
    // (A create default, tags: [], is no rule: an update leaves the stored value as it is.)
    const rules = ({ default: _, ...rest }: Record<string, unknown>) => rest;
    for (const name of Object.keys(update.properties))
      expect(rules(update.properties[name]), name).toEqual(rules(create.properties[name]));
    // A client following the document is not refused: each string at its documented minimum.
    const payload = Object.fromEntries(
      (create.required as string[])
        .filter((name) => create.properties[name].type === "string")
        .map((name) => [name, "b".repeat(create.properties[name].minLength ?? 1)]),
    );
    const { secret } = await createKey(["articles:update"]);
    const updated = await callPublic("PUT", `/public/articles/${editableId}`, secret, { payload });
    expect(updated.json().fields ?? {}).toEqual({});
    expect(updated.statusCode).toBe(200);
  });

  it("renders readable docs at /public/docs", async () => {
    const response = await app.inject({ method: "GET", url: "/public/docs" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
    expect(response.body).toContain("/public/categories");
    expect(response.body).toContain("analytics:read");
    expect(response.body).toContain("X-API-Key");
    expect(response.body).not.toContain("<script");
  });

  it("answers unknown public paths with a JSON 404", async () => {
    const response = await app.inject({ method: "GET", url: "/public/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe("route_not_found");
  });
});
