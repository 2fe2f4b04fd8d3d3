import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";

export const meta = () => pageMeta("AurumWire", "Cookie Policy");

// Filled by the public-site issue; the route exists so every link of the layout works.
export default function CookiesPage() {
  return <PageHeading title="Cookie Policy" />;
}
