import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, loginAs } from "./helpers";

/** Fuzzed requests that once answered 500 (issue 17): each is the client's mistake, said plainly. */
let app: FastifyInstance;
let admin: { authorization: string };
let reader: { authorization: string };

beforeAll(async () => {
  app = await buildTestApp();
  // Real database errors past the schemas, for the error handler's net.
  app.get("/api/test-only/int4/:value", async (request) => {
    const { value } = request.params as { value: string };
    await app.database.db.execute(sql`select ${value}::int4 as n`);
    return { ok: true };
  });
  app.get("/api/test-only/text/:hex", async (request) => {
    // Hex-encoded, so a NUL character gets past the request guards and reaches the database.
    const text = Buffer.from((request.params as { hex: string }).hex, "hex").toString("utf8");
    await app.database.db.execute(sql`select ${text}::text as t`);
    return { ok: true };
  });
  admin = await loginAs(app, "admin");
  reader = await loginAs(app, "reader");
});
afterAll(async () => {
  await app.close();
});

function expectClear4xx(response: { statusCode: number; json: () => unknown }, status: number) {
  expect(response.statusCode).toBe(status);
  const body = response.json() as { error: string; code: string };
  expect(typeof body.error).toBe("string");
  expect(body.error.length).toBeGreaterThan(10);
  expect(typeof body.code).toBe("string");
  return body;
}

describe("integers past PostgreSQL's int4", () => {
  it("refuses a category filter past int4 with 400", async () => {
    const response = await app.inject({ url: "/api/articles?categoryId=99999999999" });
    const body = expectClear4xx(response, 400) as { fields?: Record<string, string> };
    expect(body.fields?.categoryId).toBe("No record has an id above 2147483647");
  });

  it("refuses a user id past int4 with 400 and still finds nothing at int4's maximum", async () => {
    const tooLarge = await app.inject({ url: "/api/users/2147483648", headers: admin });
    expect(expectClear4xx(tooLarge, 400).code).toBe("validation_failed");
    const largest = await app.inject({ url: "/api/users/2147483647", headers: admin });
    expect(largest.statusCode).toBe(404);
  });

  it("refuses an article editor id and author filter past int4 with 400", async () => {
    for (const url of [
      "/api/admin/articles/99999999999",
      "/api/admin/articles?authorId=3000000000",
    ]) {
      const response = await app.inject({ url, headers: admin });
      expectClear4xx(response, 400);
    }
  });
});

describe("ids in another spelling", () => {
  it("accepts only canonical decimal ids: 0x10, %20%2016, 1e1, 016 and +16 are refused", async () => {
    const canonical = await app.inject({ url: "/api/users/16", headers: admin });
    expect([200, 404]).toContain(canonical.statusCode);
    for (const id of ["0x10", "%20%2016", "1e1", "016", "%2B16", "16.0", "0b10", "0", "-1"]) {
      const response = await app.inject({ url: `/api/users/${id}`, headers: admin });
      expect(expectClear4xx(response, 400).code, id).toBe("validation_failed");
    }
    const filter = await app.inject({ url: "/api/articles?categoryId=0x1" });
    const body = expectClear4xx(filter, 400) as { fields?: Record<string, string> };
    expect(body.fields?.categoryId).toBe("Id must be a positive whole number");
  });
});

describe("NUL characters", () => {
  it("refuses %00 in a path or a query with 400", async () => {
    for (const url of [
      "/api/articles/%00",
      "/api/articles/a%00b/like",
      "/api/articles?tag=%00",
      "/public/v1/articles?search=x%00",
    ]) {
      const response = await app.inject({ url });
      expect(expectClear4xx(response, 400).code).toBe("invalid_characters");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  it("refuses a profile name with \\u0000 with 400 naming the field", async () => {
    const response = await app.inject({
      method: "PUT",
      url: "/api/auth/profile",
      headers: reader,
      payload: { firstName: "Re\u0000ader" },
    });
    const body = expectClear4xx(response, 400) as { fields?: Record<string, string> };
    expect(body.fields).toHaveProperty("firstName");
  });

  it("refuses \\u0000 deep in a body and in a key", async () => {
    const nested = await app.inject({
      method: "POST",
      url: "/api/articles",
      headers: admin,
      payload: { title: "A title", tags: ["ok", "b\u0000d"] },
    });
    expect(expectClear4xx(nested, 400)).toMatchObject({ fields: { "tags.1": expect.any(String) } });
  });
});

describe("malformed addresses", () => {
  it("answers GET // with a 404 in the API's error shape", async () => {
    for (const url of ["//", "//evil.example/path"]) {
      const response = await app.inject({ url });
      expect(expectClear4xx(response, 404).code).toBe("route_not_found");
    }
  });

  it("answers a path with an undecodable escape with a 400 in the API's error shape", async () => {
    const response = await app.inject({ url: "/api/articles/%C0" });
    expect(response.json()).toEqual({
      error:
        "The address contains an encoded character that is not valid (for example %C0 or %FF).",
      code: "bad_url",
    });
    expect(response.statusCode).toBe(400);
  });
});

describe("malformed multipart on the upload routes", () => {
  const boundary = "----aurumwire-broken";
  const bodies = {
    "a part cut off before its end": `--${boundary}\r\nContent-Disposition: form-data; name="FIELD"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc`,
    "no multipart at all": "garbage",
    "a part without headers": `--${boundary}\r\nbroken\r\n\r\n`,
  };

  for (const [route, field] of [
    ["/api/articles/upload", "image"],
    ["/api/users/1/avatar", "avatar"],
  ] as const) {
    for (const [what, text] of Object.entries(bodies)) {
      it(`answers ${route} with ${what} with 400`, async () => {
        const response = await app.inject({
          method: "POST",
          url: route,
          headers: { ...admin, "content-type": `multipart/form-data; boundary=${boundary}` },
          payload: text.replace("FIELD", field),
        });
        expect(expectClear4xx(response, 400).code).toBe("malformed_upload");
      });
    }

    it(`answers ${route} with a multipart type without boundary with 400`, async () => {
      const response = await app.inject({
        method: "POST",
        url: route,
        headers: { ...admin, "content-type": "multipart/form-data" },
        payload: "x",
      });
      expect(expectClear4xx(response, 400).code).toBe("malformed_upload");
    });
  }
});

describe("the error handler's net for the database's invalid-input errors", () => {
  it("answers numeric value out of range (22003) with 400", async () => {
    const response = await app.inject({ url: "/api/test-only/int4/99999999999" });
    expect(expectClear4xx(response, 400).code).toBe("invalid_input");
  });

  it("answers invalid text representation (22P02) with 400", async () => {
    const response = await app.inject({ url: "/api/test-only/int4/twelve" });
    expect(expectClear4xx(response, 400).code).toBe("invalid_input");
  });

  it("answers a NUL byte in text (22021) with 400", async () => {
    const response = await app.inject({ url: "/api/test-only/text/610062" });
    expect(expectClear4xx(response, 400).code).toBe("invalid_input");
  });
});
