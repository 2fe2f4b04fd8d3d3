import { PageHeading } from "../components/page-heading";

// Filled by its dashboard issue; the route exists so the menu works.
export default function DashboardApiKeys() {
  return <PageHeading title="API Key Management" />;
}
