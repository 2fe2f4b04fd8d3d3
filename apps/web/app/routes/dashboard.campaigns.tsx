import { CampaignsDashboard } from "../features/campaigns/campaigns-dashboard";
import { pageMeta, siteNameFrom } from "../lib/meta";
import type { Route } from "./+types/dashboard.campaigns";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(siteNameFrom(matches), "Cryptocurrency Media Campaigns"),
  { name: "robots", content: "noindex" },
];

export default function DashboardCampaigns() {
  return <CampaignsDashboard />;
}
