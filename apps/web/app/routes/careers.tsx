import { StaticPage } from "../features/static-pages/static-page";
import { readingPage } from "../lib/reading-page";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/careers";

/** Scripts start after the content has painted (decision 150). */
export const handle = readingPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    matches,
    title: "Careers",
    description: "Work at AurumWire: benefits, how we hire, and how to hear about new openings.",
    path: "/careers",
  });

const benefits = [
  "Fully remote, with flexible hours across time zones",
  "$3,000 per year development budget for courses, books and conferences",
  "Home office equipment of your choice",
  "Private health cover and paid parental leave",
  "Four weeks of paid holiday plus public holidays",
  "Time each quarter to write a deep-dive on a topic you choose",
];

export default function CareersPage() {
  return (
    <StaticPage
      title="Careers"
      lead="We are building a newsroom that explains crypto with care. Join us when a role fits."
    >
      <h2>Open positions</h2>
      <div className="aw-alert aw-alert--info">
        There are no open positions right now. We post new roles here first.
      </div>
      <h2>Benefits</h2>
      <ul>
        {benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      <h2>How we hire</h2>
      <p>
        A short call, a paid writing or engineering exercise that resembles the real work, and a
        conversation with the people you would work with. No trick questions.
      </p>
      <div style={{ display: "flex", gap: 12, flexWrap: "wrap", marginTop: 24 }}>
        <button type="button" className="aw-button">
          Join Our Talent Network
        </button>
        <button type="button" className="aw-button aw-button--outline">
          Send an Open Application
        </button>
      </div>
    </StaticPage>
  );
}
