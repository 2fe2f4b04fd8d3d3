import { editorRoles, type Role, staffRoles } from "@aurumwire/shared/roles";
import { dashboardPaths } from "../../lib/dashboard-paths";

export interface DashboardMenuItem {
  label: string;
  to: string;
  roles: readonly Role[];
  /** What the 'Access Denied' sentence names, where the spec words it for the screen. */
  deniedAction?: string;
  /** Who may open the page when that differs from who sees the menu entry (decision 050). */
  routeRoles?: readonly Role[];
}

/**
 * Menu by role (spec point 6). The same table guards the routes, so a page never opens for a role
 * its menu entry is hidden from.
 */
export const dashboardMenu: readonly DashboardMenuItem[] = [
  { label: "Dashboard", to: dashboardPaths.home, roles: staffRoles },
  { label: "Articles", to: dashboardPaths.articles, roles: staffRoles },
  { label: "Create Article", to: dashboardPaths.createArticle, roles: staffRoles },
  {
    label: "Featured Articles",
    to: dashboardPaths.featuredArticles,
    roles: editorRoles,
    deniedAction: "manage featured articles",
  },
  // The header offers API Keys to all staff, so authors may open the page (decision 050).
  { label: "API Keys", to: dashboardPaths.apiKeys, roles: editorRoles, routeRoles: staffRoles },
  { label: "Campaigns", to: dashboardPaths.campaigns, roles: editorRoles },
  {
    label: "Categories",
    to: dashboardPaths.categories,
    roles: editorRoles,
    deniedAction: "manage categories",
  },
  { label: "Landing Pages", to: dashboardPaths.landingPage, roles: editorRoles },
  { label: "User Management", to: dashboardPaths.users, roles: ["admin"] },
  { label: "Site Settings", to: dashboardPaths.siteSettings, roles: ["admin"] },
  // Issue 31 (decision 203): who did what in the newsroom.
  {
    label: "Audit Log",
    to: dashboardPaths.auditLog,
    roles: ["admin"],
    deniedAction: "read the audit log",
  },
  // Decisions 122 and 123: the newsletter's readers and the contact form's messages.
  {
    label: "Subscribers",
    to: dashboardPaths.subscribers,
    roles: ["admin"],
    deniedAction: "manage newsletter subscribers",
  },
  {
    label: "Messages",
    to: dashboardPaths.messages,
    roles: ["admin"],
    deniedAction: "read contact messages",
  },
];

/** The roles allowed on a dashboard path: the most specific menu entry that covers it. */
export function rolesForPath(pathname: string): readonly Role[] {
  const item = menuItemForPath(pathname);
  return item?.routeRoles ?? item?.roles ?? staffRoles;
}

/** "access this page", or the screen's own wording (spec point 6 screen errors). */
export function deniedActionForPath(pathname: string): string {
  return menuItemForPath(pathname)?.deniedAction ?? "access this page";
}

function menuItemForPath(pathname: string): DashboardMenuItem | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  let best: DashboardMenuItem | undefined;
  for (const item of dashboardMenu) {
    const covers =
      path === item.to || (item.to !== dashboardPaths.home && path.startsWith(`${item.to}/`));
    if (covers && (!best || item.to.length > best.to.length)) best = item;
  }
  return best;
}

/**
 * The title of a dashboard screen (its tab's name and what a screen reader announces): the menu's
 * name for it, or the screen's own for the pages under Articles and the profile.
 */
export function dashboardTitleForPath(pathname: string): string {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === dashboardPaths.home) return "Dashboard";
  if (path === dashboardPaths.profile) return "Profile Settings - Dashboard";
  const article = /^\/dashboard\/articles\/\d+(\/edit|\/analytics|\/live)?$/.exec(path);
  if (article) {
    const screen = {
      "/edit": "Edit Article",
      "/analytics": "Article Analytics",
      "/live": "Live Coverage",
    }[article[1] ?? ""];
    return `${screen ?? "Article Saved"} - Dashboard`;
  }
  const item = menuItemForPath(path);
  return item && item.to !== dashboardPaths.home ? `${item.label} - Dashboard` : "Dashboard";
}
