import { describe, expect, it } from "vitest";
import { dashboardPaths } from "../../lib/dashboard-paths";
import { dashboardTitleForPath, deniedActionForPath, rolesForPath } from "./menu";

describe("dashboard route guard table", () => {
  it("uses the most specific menu entry", () => {
    expect(rolesForPath("/dashboard")).toEqual(["admin", "editor", "author"]);
    expect(rolesForPath("/dashboard/articles/12/edit")).toEqual(["admin", "editor", "author"]);
    expect(rolesForPath("/dashboard/categories")).toEqual(["admin", "editor"]);
    expect(rolesForPath("/dashboard/users/")).toEqual(["admin"]);
    expect(rolesForPath("/dashboard/site-settings")).toEqual(["admin"]);
    // Menu entry for admin and editor, page open to all staff (decision 050).
    expect(rolesForPath("/dashboard/api-keys")).toEqual(["admin", "editor", "author"]);
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

describe("dashboard screen titles", () => {
  it("gives every screen titled by the layout a name of its own (issue 32)", () => {
    // Screens whose route names its own title (users, API keys, campaigns, the syndication log,
    // a campaign) are left out: the layout's title is not the one shown there.
    const ownTitle = new Set<string>([
      dashboardPaths.users,
      dashboardPaths.apiKeys,
      dashboardPaths.campaigns,
      dashboardPaths.syndicationLog,
    ]);
    const screens = [
      ...Object.values(dashboardPaths).flatMap((path) =>
        typeof path === "string" && !ownTitle.has(path) ? [path] : [],
      ),
      dashboardPaths.article(7),
      dashboardPaths.editArticle(7),
      dashboardPaths.articleAnalytics(7),
      dashboardPaths.articleLive(7),
    ];
    const titles = screens.map((path) => dashboardTitleForPath(path));
    expect(new Set(titles).size, titles.join(" / ")).toBe(screens.length);
    expect(titles.filter((title) => title === "Dashboard")).toHaveLength(1);
    expect(dashboardTitleForPath(dashboardPaths.articleLive(7))).toBe("Live Coverage - Dashboard");
  });
});
