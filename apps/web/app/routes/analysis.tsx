import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";

export const meta = () => pageMeta("AurumWire", "Market Analysis");

// Filled by the public-site issue; the route exists so every link of the layout works.
export default function AnalysisPage() {
  return (
    <PageHeading title="Market Analysis" subtitle="Technical and market analysis from our desk." />
  );
}
