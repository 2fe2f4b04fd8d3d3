import { Link } from "react-router";
import { StaticPage } from "../features/static-pages/static-page";
import { readingPage } from "../lib/reading-page";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/about";

/** Scripts start after the content has painted (decision 150). */
export const handle = readingPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    matches,
    title: "About Us",
    description:
      "AurumWire is an independent crypto newsroom: news, analysis and market data written to inform, never to sell.",
    path: "/about",
  });

export default function AboutPage() {
  return (
    <StaticPage
      title="About AurumWire"
      showUpdated
      lead="Premium Crypto Intelligence: clear reporting on digital assets for people who want to understand the market, not just watch it."
    >
      <h2>What we do</h2>
      <p>
        AurumWire is a cryptocurrency news, analysis and market-data publication. Our desk covers
        Bitcoin, Ethereum, decentralized finance, digital collectibles and the markets that connect
        them. We explain how things work, what changed and why it matters, in plain language.
      </p>
      <h2>How we work</h2>
      <ul>
        <li>
          <strong>Evidence first.</strong> Where a claim can be checked on a public ledger, we check
          it there before we publish.
        </li>
        <li>
          <strong>No paid verdicts.</strong> Sponsored content is always labelled, and advertisers
          never see or shape editorial articles before publication.
        </li>
        <li>
          <strong>Corrections in the open.</strong> When we get something wrong, we fix it and say
          so on the article.
        </li>
      </ul>
      <h2>Not financial advice</h2>
      <p>
        Nothing we publish is investment advice. Read our <Link to="/disclaimer">disclaimer</Link>{" "}
        to understand the risks of cryptocurrencies.
      </p>
      <h2>Get in touch</h2>
      <p>
        Tips, corrections and partnership ideas are welcome through our{" "}
        <Link to="/contact">contact page</Link>.
      </p>
    </StaticPage>
  );
}
