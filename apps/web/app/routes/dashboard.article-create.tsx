import { PageHeading } from "../components/page-heading";

// Filled by its dashboard issue; the route exists so the menu works.
export default function DashboardArticleCreate() {
  return <PageHeading title="Create Article" />;
}
