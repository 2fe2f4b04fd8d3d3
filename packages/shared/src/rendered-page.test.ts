import { describe, expect, it } from "vitest";
import { renderedPageOf, renderedPageResponse, responseBytes } from "./rendered-page";

describe("rendered pages handed from the web app to the server", () => {
  it("carries the page as bytes beside status and headers, with no body stream", async () => {
    const html = new TextEncoder().encode("<!DOCTYPE html><p>Ça marche</p>");
    const response = renderedPageResponse(html, {
      status: 404,
      headers: { "content-type": "text/html; charset=utf-8" },
    });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.body).toBeNull();
    expect(renderedPageOf(response)).toBe(html);
    expect(await responseBytes(response)).toBe(html);
  });

  it("reads any other answer's body whole, and gives null for none", async () => {
    const plain = new Response("moved", { status: 200 });
    expect(renderedPageOf(plain)).toBeUndefined();
    expect(new TextDecoder().decode((await responseBytes(plain)) ?? undefined)).toBe("moved");
    expect(await responseBytes(new Response(null, { status: 204 }))).toBeNull();
  });
});
