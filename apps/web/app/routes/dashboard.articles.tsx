import { PageHeading } from "../components/page-heading";

// Filled by its dashboard issue; the route exists so the menu works.
export default function DashboardArticles() {
  return <PageHeading title="Articles Management" />;
}
