import { CampaignPage } from "../features/campaigns/campaign-page";
import { pageMeta, siteNameFrom } from "../lib/meta";
import type { Route } from "./+types/dashboard.campaign";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(siteNameFrom(matches), "Campaign"),
  { name: "robots", content: "noindex" },
];

export default function DashboardCampaign({ params }: Route.ComponentProps) {
  const id = Number(params.id);
  return <CampaignPage key={id} id={Number.isInteger(id) && id > 0 ? id : 0} />;
}
