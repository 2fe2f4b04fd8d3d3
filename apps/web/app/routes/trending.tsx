import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";

export const meta = () => pageMeta("AurumWire", "Trending");

// Filled by the public-site issue; the route exists so every link of the layout works.
export default function TrendingPage() {
  return <PageHeading title="Trending" subtitle="What readers are reading right now." />;
}
