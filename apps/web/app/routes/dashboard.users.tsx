import { UserManagement } from "../features/users/user-management";
import { pageMeta, siteNameFrom } from "../lib/meta";
import type { Route } from "./+types/dashboard.users";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(siteNameFrom(matches), "User Management"),
  { name: "robots", content: "noindex" },
];

export default function DashboardUsers() {
  return <UserManagement />;
}
