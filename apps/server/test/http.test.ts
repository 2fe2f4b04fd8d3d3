import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, loginAs } from "./helpers";

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ bodyLimitBytes: 2048 });
  app.get("/api/test-only/boom", async () => {
    throw new Error("secret internal detail: connection string postgres://user:pw@db");
  });
});
afterAll(async () => {
  await app?.close();
});

describe("HTTP behaviour of the API", () => {
  it("reports health with the database reachable", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "ok", database: "up" });
  });

  it("answers unknown API routes with a JSON 404", async () => {
    const response = await app.inject({ method: "GET", url: "/api/does-not-exist" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: "No API route matches GET /api/does-not-exist.",
      code: "route_not_found",
    });
  });

  it("answers malformed JSON with 400", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: '{"email": "a@b.c", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "The request body is not valid JSON.",
      code: "invalid_json",
    });
  });

  it("reads an empty body sent with a JSON content type as no body", async () => {
    // Many HTTP clients (and clients generated from our OpenAPI document) send
    // Content-Type: application/json on every call, also on calls that carry nothing.
    const json = { "content-type": "application/json" };
    const view = await app.inject({
      method: "POST",
      url: "/api/articles/1/view",
      headers: { ...json, "x-session-id": "client-session-1" },
      payload: "",
    });
    expect(view.statusCode).toBeLessThan(300);
    const admin = await loginAs(app, "admin");
    const removal = await app.inject({
      method: "DELETE",
      url: "/api/contact/messages/999999",
      headers: { ...admin, ...json },
    });
    expect(removal.statusCode).toBe(404);
    // A route that needs a body still says which fields are missing, in words.
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: json,
      payload: "",
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().code).toBe("validation_failed");
  });

  it("answers a body over the limit with 413", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        email: "big@example.com",
        password: "x".repeat(5000),
        firstName: "B",
        lastName: "G",
      },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe("payload_too_large");
  });

  it("answers an unsupported content type with 415", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/xml" },
      payload: "<login/>",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe("unsupported_media_type");
  });

  it("answers an unexpected failure with a generic 500 that hides the internals", async () => {
    const response = await app.inject({ method: "GET", url: "/api/test-only/boom" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: "Something went wrong on our side. Please try again.",
      code: "internal",
    });
    expect(response.body).not.toContain("secret");
  });

  it("sends security headers and a request id", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(response.headers["x-request-id"]).toBeTruthy();
    // Not "no-referrer": with it browsers send `Origin: null` on our own form posts, which the web
    // app refuses as cross-site (the login form without JavaScript).
    expect(response.headers["referrer-policy"]).toBe("same-origin");
    // Helmet's whole set, computed once at start (lib/security-headers.ts), on every answer.
    expect(response.headers).toMatchObject({
      "cross-origin-opener-policy": "same-origin",
      "cross-origin-resource-policy": "same-origin",
      "origin-agent-cluster": "?1",
      "strict-transport-security": "max-age=31536000; includeSubDomains",
      "x-dns-prefetch-control": "off",
      "x-download-options": "noopen",
      "x-frame-options": "SAMEORIGIN",
      "x-permitted-cross-domain-policies": "none",
      "x-xss-protection": "0",
    });
    expect(response.headers["cross-origin-embedder-policy"]).toBeUndefined();
    const missing = await app.inject({ method: "GET", url: "/api/no-such-route" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["x-content-type-options"]).toBe("nosniff");
  });
});
