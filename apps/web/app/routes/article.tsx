import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";

export const meta = () => pageMeta("AurumWire", "Article");

// Filled by the public-site issue; the route exists so every link of the layout works.
export default function ArticlePage() {
  return <PageHeading title="Article" />;
}
