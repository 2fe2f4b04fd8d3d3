import { describe, expect, it } from "vitest";
import { deniedActionForPath, rolesForPath } from "./menu";

describe("dashboard route guard table", () => {
  it("uses the most specific menu entry", () => {
    expect(rolesForPath("/dashboard")).toEqual(["admin", "editor", "author"]);
    expect(rolesForPath("/dashboard/articles/12/edit")).toEqual(["admin", "editor", "author"]);
    expect(rolesForPath("/dashboard/categories")).toEqual(["admin", "editor"]);
    expect(rolesForPath("/dashboard/users/")).toEqual(["admin"]);
    expect(rolesForPath("/dashboard/site-settings")).toEqual(["admin"]);
  });
  it("falls back to staff for pages without a menu entry", () => {
    expect(rolesForPath("/dashboard/profile")).toEqual(["admin", "editor", "author"]);
  });
});

describe("Access Denied wording", () => {
  it("names the screen where the spec words it", () => {
    expect(deniedActionForPath("/dashboard/categories")).toBe("manage categories");
    expect(deniedActionForPath("/dashboard/featured-articles")).toBe("manage featured articles");
    expect(deniedActionForPath("/dashboard/users")).toBe("access this page");
  });
});
