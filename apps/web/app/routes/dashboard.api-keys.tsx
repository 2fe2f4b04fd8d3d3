import { ApiKeyManagement } from "../features/api-keys/api-key-management";
import { pageMeta, siteNameFrom } from "../lib/meta";
import type { Route } from "./+types/dashboard.api-keys";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(siteNameFrom(matches), "API Key Management"),
  { name: "robots", content: "noindex" },
];

export default function DashboardApiKeys() {
  return <ApiKeyManagement />;
}
