import { editorRoles, type Role, staffRoles } from "@aurumwire/shared/roles";

export interface DashboardMenuItem {
  label: string;
  to: string;
  roles: readonly Role[];
  /** What the 'Access Denied' sentence names, where the spec words it for the screen. */
  deniedAction?: string;
}

/**
 * Menu by role (spec point 6). The same table guards the routes, so a page never opens for a role
 * its menu entry is hidden from.
 */
export const dashboardMenu: readonly DashboardMenuItem[] = [
  { label: "Dashboard", to: "/dashboard", roles: staffRoles },
  { label: "Articles", to: "/dashboard/articles", roles: staffRoles },
  { label: "Create Article", to: "/dashboard/articles/create", roles: staffRoles },
  {
    label: "Featured Articles",
    to: "/dashboard/featured-articles",
    roles: editorRoles,
    deniedAction: "manage featured articles",
  },
  { label: "API Keys", to: "/dashboard/api-keys", roles: editorRoles },
  { label: "Campaigns", to: "/dashboard/campaigns", roles: editorRoles },
  {
    label: "Categories",
    to: "/dashboard/categories",
    roles: editorRoles,
    deniedAction: "manage categories",
  },
  { label: "Landing Pages", to: "/dashboard/landing-page", roles: editorRoles },
  { label: "User Management", to: "/dashboard/users", roles: ["admin"] },
  { label: "Site Settings", to: "/dashboard/site-settings", roles: ["admin"] },
];

/** The roles allowed on a dashboard path: the most specific menu entry that covers it. */
export function rolesForPath(pathname: string): readonly Role[] {
  return menuItemForPath(pathname)?.roles ?? staffRoles;
}

/** "access this page", or the screen's own wording (spec point 6 screen errors). */
export function deniedActionForPath(pathname: string): string {
  return menuItemForPath(pathname)?.deniedAction ?? "access this page";
}

function menuItemForPath(pathname: string): DashboardMenuItem | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  let best: DashboardMenuItem | undefined;
  for (const item of dashboardMenu) {
    const covers = path === item.to || (item.to !== "/dashboard" && path.startsWith(`${item.to}/`));
    if (covers && (!best || item.to.length > best.to.length)) best = item;
  }
  return best;
}
