import { PageHeading } from "../components/page-heading";

// Filled by its dashboard issue; the route exists so the menu works.
export default function DashboardLandingPage() {
  return <PageHeading title="Landing Page Manager" />;
}
