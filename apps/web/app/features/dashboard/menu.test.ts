import { describe, expect, it } from "vitest";
import { rolesForPath } from "./menu";

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
