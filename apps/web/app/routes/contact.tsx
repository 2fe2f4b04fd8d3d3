import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";

export const meta = () => pageMeta("AurumWire", "Contact");

// Filled by the public-site issue; the route exists so every link of the layout works.
export default function ContactPage() {
  return <PageHeading title="Contact" />;
}
