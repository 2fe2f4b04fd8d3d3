import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";

export const meta = () => pageMeta("AurumWire", "News");

// Filled by the public-site issue; the route exists so every link of the layout works.
export default function ArticlesPage() {
  return <PageHeading title="News" subtitle="Breaking crypto news, market moves and analysis." />;
}
