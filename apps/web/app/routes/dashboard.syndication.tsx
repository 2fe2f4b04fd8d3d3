import { SyndicationLog } from "../features/campaigns/syndication-log";
import { pageMeta, siteNameFrom } from "../lib/meta";
import type { Route } from "./+types/dashboard.syndication";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(siteNameFrom(matches), "Syndication Log"),
  { name: "robots", content: "noindex" },
];

export default function DashboardSyndication() {
  return <SyndicationLog />;
}
