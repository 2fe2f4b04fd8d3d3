import { describe, expect, it } from "vitest";
import { loginPathFor, safeRedirectPath } from "./sign-in-redirect";

describe("safeRedirectPath", () => {
  it("keeps paths of this site, with their query", () => {
    expect(safeRedirectPath("/dashboard/articles/12/edit")).toBe("/dashboard/articles/12/edit");
    expect(safeRedirectPath("/search?q=btc")).toBe("/search?q=btc");
  });
  it("refuses other origins, schemes and the login page itself", () => {
    for (const value of [
      null,
      "",
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "dashboard",
      "/login",
      "/login?redirect=/x",
      "/ok\nLocation: x",
    ]) {
      expect(safeRedirectPath(value)).toBeNull();
    }
  });
});

describe("loginPathFor", () => {
  it("names the page to come back to", () => {
    expect(loginPathFor("/dashboard/articles/create")).toBe(
      "/login?redirect=%2Fdashboard%2Farticles%2Fcreate",
    );
    expect(loginPathFor("/")).toBe("/login");
    expect(loginPathFor("//evil.example")).toBe("/login");
  });
});
