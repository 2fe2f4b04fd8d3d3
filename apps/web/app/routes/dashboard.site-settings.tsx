import { SiteSettingsScreen } from "../features/site-settings/site-settings";

export default function DashboardSiteSettingsPage() {
  return <SiteSettingsScreen />;
}
