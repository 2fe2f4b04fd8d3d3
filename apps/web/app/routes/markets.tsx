import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";

export const meta = () => pageMeta("AurumWire", "Markets");

// Filled by the public-site issue; the route exists so every link of the layout works.
export default function MarketsPage() {
  return <PageHeading title="Markets" subtitle="Live cryptocurrency prices and market news." />;
}
